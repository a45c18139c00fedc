package dev.shopreviews.common.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Every datetime of the suite is UTC and written as the spec's YYYY-MM-DD HH:MM:SS. */
public final class Times {
    public static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
    public static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd");

    private Times() {
    }

    public static String datetime(Instant instant) {
        return instant == null ? null : DATETIME.format(instant.atOffset(ZoneOffset.UTC));
    }

    public static String date(Instant instant) {
        return instant == null ? null : DATE.format(instant.atOffset(ZoneOffset.UTC));
    }

    /** Parses YYYY-MM-DD HH:MM:SS as UTC; empty when the text is not of that form. */
    public static Optional<Instant> parseDatetime(String text) {
        if (text == null || text.length() != 19) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(text, DATETIME.withResolverStyle(java.time.format.ResolverStyle.STRICT))
                    .toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
