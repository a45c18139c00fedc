package dev.shopreviews.ratings.api;

import dev.shopreviews.common.api.EnvelopeException;

import java.util.Locale;
import java.util.regex.Pattern;

/** Parsing of optional query parameters; a malformed value is a 400 envelope error naming the parameter. */
public final class QueryParams {
    private static final Pattern ISO_639_1 = Pattern.compile("^[a-z]{2}$");

    private QueryParams() {
    }

    /** An integer within [min, max]; {@code fallback} when absent or empty. */
    public static int integer(String value, String name, int fallback, int min, int max) {
        String message = max == Integer.MAX_VALUE
                ? "Invalid value for " + name + ": expected an integer of at least " + min + "."
                : "Invalid value for " + name + ": expected an integer from " + min + " to " + max + ".";
        if (value == null || value.isBlank()) {
            return fallback;
        }
        String trimmed = value.trim();
        if (trimmed.length() > 10 || !trimmed.matches("-?\\d+")) {
            throw EnvelopeException.invalid(message);
        }
        long parsed = Long.parseLong(trimmed);
        if (parsed < min || parsed > max) {
            throw EnvelopeException.invalid(message);
        }
        return (int) parsed;
    }

    /** An ISO-639-1 code (lower-cased), or "" when absent. */
    public static String language(String value) {
        if (value == null || value.isBlank()) {
            return "";
        }
        String iso = value.trim().toLowerCase(Locale.ROOT);
        if (!ISO_639_1.matcher(iso).matches()) {
            throw EnvelopeException.invalid("Invalid value for language: expected an ISO-639-1 code such as en.");
        }
        return iso;
    }

    public static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
