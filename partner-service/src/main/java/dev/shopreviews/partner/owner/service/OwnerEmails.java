package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;

import java.util.Locale;
import java.util.regex.Pattern;

/** An owner's address as stored and compared: trimmed, lower-cased, one plain address of at most 254 characters. */
public final class OwnerEmails {
    public static final String INVALID = "Enter a valid e-mail address.";
    private static final Pattern ADDRESS = Pattern.compile("^[^@\\s<>\"',;]{1,64}@[a-z0-9.-]{1,189}\\.[a-z]{2,63}$");

    private OwnerEmails() {
    }

    /** The normalised address, or 400 envelope. */
    public static String normalise(String email) {
        String value = email == null ? "" : email.trim().toLowerCase(Locale.ROOT);
        if (value.length() > 254 || !TextInput.acceptable(value, TextInput.Kind.LINE) || !ADDRESS.matcher(value).matches()) {
            throw EnvelopeException.invalid(INVALID);
        }
        return value;
    }

    /** The normalised address, or "" for anything that cannot be one (sign-in answers the same for both). */
    public static String orEmpty(String email) {
        try {
            return normalise(email);
        } catch (EnvelopeException e) {
            return "";
        }
    }
}
