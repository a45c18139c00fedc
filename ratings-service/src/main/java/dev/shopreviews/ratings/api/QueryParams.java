package dev.shopreviews.ratings.api;

import dev.shopreviews.common.api.EnvelopeException;

/** Parsing of optional query parameters; a malformed value is a 400 envelope error naming the parameter. */
public final class QueryParams {
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

    /**
     * An ISO-639-1 code (lower-cased), or "" when absent; ISO 639-2/3 codes and region-tagged forms name their
     * ISO-639-1 code ({@link LanguageCodes}: nld, dut and nl-NL are nl).
     */
    public static String language(String value) {
        if (value == null || value.isBlank()) {
            return "";
        }
        return LanguageCodes.iso6391(value).orElseThrow(() ->
                EnvelopeException.invalid("Invalid value for language: expected an ISO-639-1 code such as en."));
    }

    public static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
