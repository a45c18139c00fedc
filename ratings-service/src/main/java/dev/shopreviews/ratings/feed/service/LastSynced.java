package dev.shopreviews.ratings.feed.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.time.Times;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The feed's {@code last_synced}: the spec's {@code YYYY-MM-DD HH:MM:SS} (UTC), and ISO 8601 with an offset
 * ({@code 2026-11-27T10:15:30+01:00}, {@code …Z}, with or without fractional seconds), the form of the feed's own
 * {@code modified}, which sync clients (the WooCommerce plugin) send back unchanged. Anything else is the 400 error.
 */
public final class LastSynced {
    static final String INVALID = "Invalid value for last_synced: expected YYYY-MM-DD HH:MM:SS (UTC) or an ISO 8601 "
            + "datetime with offset such as 2026-11-27T10:15:30+00:00.";

    private LastSynced() {
    }

    /** Null when absent or empty (the whole feed). */
    public static Instant parse(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        return Times.parseDatetime(value).or(() -> iso(value))
                .orElseThrow(() -> EnvelopeException.invalid(INVALID));
    }

    /** ISO_OFFSET_DATE_TIME resolves strictly (no 30 February) and requires the offset: a local time is ambiguous. */
    private static Optional<Instant> iso(String value) {
        if (value.length() > 40) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
