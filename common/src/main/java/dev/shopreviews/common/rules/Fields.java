package dev.shopreviews.common.rules;

import dev.shopreviews.common.input.TextInput;

/** What the text fields' rules share: the one normalisation and the edges' 400 texts. */
final class Fields {
    private Fields() {
    }

    /** Trimmed (as {@link String#trim()}), null when null or nothing is left: what the edge sends and the core stores. */
    static String normalise(String raw) {
        if (raw == null) {
            return null;
        }
        String trimmed = raw.trim();
        return trimmed.isEmpty() ? null : trimmed;
    }

    /** The normalised value's length (UTF-16 units, as the database's limits are checked everywhere), 0 for null. */
    static int length(String raw) {
        String value = normalise(raw);
        return value == null ? 0 : value.length();
    }

    static String tooLong(String field, int max) {
        return "Invalid value for " + field + ": expected text of at most " + max + " characters.";
    }

    /**
     * The edges' answer for a text field, null when the rule takes it: too long first, then the text rule (the
     * order the pop-up has always answered in).
     */
    static String invalid(String field, String raw, int max, TextInput.Kind kind) {
        if (raw == null) {
            return null;
        }
        if (length(raw) > max) {
            return tooLong(field, max);
        }
        String why = TextInput.problem(raw, kind);
        return why == null ? null : TextInput.invalid(field, why);
    }
}
