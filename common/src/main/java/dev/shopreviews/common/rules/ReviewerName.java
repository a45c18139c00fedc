package dev.shopreviews.common.rules;

import dev.shopreviews.common.input.TextInput;

/** The reviewer's name as shown: required, one line (it reaches mail headers), at most 100 characters once trimmed. */
public final class ReviewerName {
    public static final int MAX = 100;
    /** The edges' 400 text for a missing name. */
    public static final String REQUIRED = "Invalid value for name: required, at most 100 characters.";

    private ReviewerName() {
    }

    /** What the edge sends and the core stores: trimmed, null when blank. */
    public static String normalise(String raw) {
        return Fields.normalise(raw);
    }

    /** The core's reason to refuse the name, null when it is stored. */
    public static String problem(String raw) {
        String why = TextInput.problem(raw, TextInput.Kind.LINE);
        if (why != null) {
            return "name " + why;
        }
        return normalise(raw) == null || Fields.length(raw) > MAX ? "name is required and at most " + MAX + " characters" : null;
    }

    /** The edges' 400 text for the name, null when {@link #problem} takes it. */
    public static String invalid(String raw) {
        String invalid = Fields.invalid("name", raw, MAX, TextInput.Kind.LINE);
        return invalid != null || normalise(raw) != null ? invalid : REQUIRED;
    }
}
