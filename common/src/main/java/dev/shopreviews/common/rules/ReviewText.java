package dev.shopreviews.common.rules;

import dev.shopreviews.common.input.TextInput;

/**
 * A review's free text (the comment, a product review's text): optional, several lines allowed, at most 5000
 * characters once trimmed, nothing the text rule refuses.
 */
public final class ReviewText {
    public static final int MAX = 5000;

    private ReviewText() {
    }

    /** What the edge sends and the core stores: trimmed, null when blank. */
    public static String normalise(String raw) {
        return Fields.normalise(raw);
    }

    /** The core's reason to refuse the text of {@code field} ("comment"), null when it is stored. */
    public static String problem(String field, String raw) {
        String why = TextInput.problem(raw, TextInput.Kind.TEXT);
        if (why != null) {
            return field + " " + why;
        }
        return Fields.length(raw) > MAX ? field + " is longer than " + MAX + " characters" : null;
    }

    /** The edges' 400 text for the text of {@code field}, null when {@link #problem} takes it. */
    public static String invalid(String field, String raw) {
        return Fields.invalid(field, raw, MAX, TextInput.Kind.TEXT);
    }
}
