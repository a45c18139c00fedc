package dev.shopreviews.common.rules;

import dev.shopreviews.common.input.TextInput;

/** The shop's order number: one line, at most 255 characters once trimmed (required only where a field says so). */
public final class OrderNumber {
    public static final int MAX = 255;
    /** The edges' 400 text for a missing order number. */
    public static final String REQUIRED = "Invalid value for order_number: required, at most 255 characters.";

    private OrderNumber() {
    }

    /** What the edge sends and the core stores: trimmed, null when blank. */
    public static String normalise(String raw) {
        return Fields.normalise(raw);
    }

    /** The core's reason to refuse an order number (null and blank included: whether one is required is the caller's), null when stored. */
    public static String problem(String raw) {
        String why = TextInput.problem(raw, TextInput.Kind.LINE);
        if (why != null) {
            return "order_number " + why;
        }
        return Fields.length(raw) > MAX ? "order_number is longer than " + MAX + " characters" : null;
    }

    /** The edges' 400 text for an order number in {@code field}, null when {@link #problem} takes it. */
    public static String invalid(String field, String raw) {
        return Fields.invalid(field, raw, MAX, TextInput.Kind.LINE);
    }
}
