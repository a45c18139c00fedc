package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;

import java.util.regex.Pattern;

/**
 * offset and order of spec 4.2 / 8: offset default 0 (0 or more), order default 10 (1-100). The platform's PHP client
 * library names the page size {@code limit}, as ratings.json does: it is read when {@code order} is not given.
 */
public record Paging(int offset, int order) {
    private static final Pattern WHOLE_NUMBER = Pattern.compile("\\d{1,9}");

    public static Paging of(String offset, String order, String limit) {
        boolean orderGiven = order != null && !order.isBlank();
        return new Paging(offset(offset), orderGiven ? pageSize("order", order) : pageSize("limit", limit));
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

    static int pageSize(String name, String value) {
        if (value == null || value.isBlank()) {
            return 10;
        }
        String size = value.trim();
        if (!WHOLE_NUMBER.matcher(size).matches() || Integer.parseInt(size) < 1 || Integer.parseInt(size) > 100) {
            throw EnvelopeException.invalid(name + " must be a whole number from 1 to 100.");
        }
        return Integer.parseInt(size);
    }
}
