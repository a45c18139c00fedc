package dev.shopreviews.common.rules;

import dev.shopreviews.common.input.TextInput;

import java.util.regex.Pattern;

/** A reviewer's e-mail address: the practical syntax below, at most 254 characters once trimmed. */
public final class EmailAddress {
    public static final int MAX = 254;
    /** The core's reason to refuse an address. */
    public static final String REFUSED = "email is not a valid e-mail address";
    /** Local part, @, a domain with at least one dot; ASCII only, no spaces. */
    private static final Pattern SYNTAX = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");

    private EmailAddress() {
    }

    /** What the edge sends and the core stores: trimmed, null when blank. */
    public static String normalise(String raw) {
        return Fields.normalise(raw);
    }

    public static boolean valid(String raw) {
        String email = normalise(raw);
        return email != null && email.length() <= MAX && TextInput.acceptable(raw, TextInput.Kind.LINE)
                && SYNTAX.matcher(email).matches();
    }

    /** The edges' 400 text for an address in {@code field}, null when {@link #valid}. */
    public static String invalid(String field, String raw) {
        String invalid = Fields.invalid(field, raw, MAX, TextInput.Kind.LINE);
        return invalid != null || valid(raw) ? invalid : "Invalid value for " + field + ": expected a valid e-mail address.";
    }
}
