package dev.shopreviews.ratings.dashboard.rest;

import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.ratings.api.QueryParams;
import dev.shopreviews.ratings.dashboard.repository.DashboardReviews;
import dev.shopreviews.ratings.dashboard.service.Cursors;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The review list's query: filters, cursor and limit, each refused with a 400 envelope naming it when malformed.
 * {@code from}/{@code to}: ISO dates (UTC days), both inclusive.
 */
record ReviewListQuery(DashboardReviews.Filter filter, DashboardReviews.Position after, int limit) {
    static final int DEFAULT_LIMIT = 25;
    static final int MAX_LIMIT = 100;
    static final int MAX_TEXT = 200;

    static ReviewListQuery parse(long webshopId, String rating, String verified, String replied, String language,
                                 String from, String to, String q, String after, String limit) {
        int stars = QueryParams.integer(rating, "rating", 0, Rating.MIN, Rating.MAX);
        LocalDate fromDay = date(from, "from");
        LocalDate toDay = date(to, "to");
        if (fromDay != null && toDay != null && fromDay.isAfter(toDay)) {
            throw EnvelopeException.invalid("Invalid value for to: expected a date on or after from.");
        }
        String text = null;
        if (!QueryParams.blank(q)) {
            text = q.trim().toLowerCase(Locale.ROOT);
            if (text.codePointCount(0, text.length()) > MAX_TEXT) {
                throw EnvelopeException.invalid(TextInput.invalid("q", "at most " + MAX_TEXT + " characters"));
            }
        }
        DashboardReviews.Position position = null;
        if (!QueryParams.blank(after)) {
            position = Cursors.parse(after.trim());
            if (position == null) {
                throw EnvelopeException.invalid(TextInput.invalid("after", "expected the next cursor of a previous page"));
            }
        }
        String iso = QueryParams.language(language);
        return new ReviewListQuery(new DashboardReviews.Filter(webshopId, stars == 0 ? null : stars,
                bool(verified, "verified"), bool(replied, "replied"), iso.isEmpty() ? null : iso,
                fromDay == null ? null : fromDay.atStartOfDay(ZoneOffset.UTC).toInstant(),
                toDay == null ? null : toDay.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant(), text),
                position, QueryParams.integer(limit, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT));
    }

    private static Boolean bool(String value, String name) {
        if (QueryParams.blank(value)) {
            return null;
        }
        return switch (value.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw EnvelopeException.invalid(TextInput.invalid(name, "expected true or false"));
        };
    }

    private static LocalDate date(String value, String name) {
        if (QueryParams.blank(value)) {
            return null;
        }
        try {
            LocalDate day = LocalDate.parse(value.trim(), DateTimeFormatter.ISO_LOCAL_DATE);
            if (day.getYear() >= 1 && day.getYear() <= 9999) {
                return day;
            }
        } catch (DateTimeParseException malformed) {
            // answered below
        }
        throw EnvelopeException.invalid(TextInput.invalid(name, "expected a date as YYYY-MM-DD"));
    }
}
