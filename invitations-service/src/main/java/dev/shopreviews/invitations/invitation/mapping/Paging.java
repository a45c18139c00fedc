package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;

import java.util.regex.Pattern;

/** offset and order of spec 4.2 / 8: offset default 0 (0 or more), order default 10 (1-100). */
public record Paging(int offset, int order) {
    private static final Pattern WHOLE_NUMBER = Pattern.compile("\\d{1,9}");

    public static Paging of(String offset, String order) {
        return new Paging(offset(offset), order(order));
    }

    static int offset(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        if (!WHOLE_NUMBER.matcher(value.trim()).matches()) {
            throw EnvelopeException.invalid("offset must be a whole number, 0 or more.");
        }
        return Integer.parseInt(value.trim());
    }

    static int order(String value) {
        if (value == null || value.isBlank()) {
            return 10;
        }
        String order = value.trim();
        if (!WHOLE_NUMBER.matcher(order).matches() || Integer.parseInt(order) < 1 || Integer.parseInt(order) > 100) {
            throw EnvelopeException.invalid("order must be a whole number from 1 to 100.");
        }
        return Integer.parseInt(order);
    }
}
