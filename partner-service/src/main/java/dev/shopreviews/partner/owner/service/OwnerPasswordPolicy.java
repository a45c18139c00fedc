package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;

/** What an owner's password must be: one line of 12-200 characters. */
public final class OwnerPasswordPolicy {
    public static final int MIN = 12;
    public static final int MAX = 200;
    public static final String INVALID = "The password must be one line of " + MIN + " to " + MAX + " characters.";

    private OwnerPasswordPolicy() {
    }

    public static String check(String password) {
        if (password == null || password.length() < MIN || password.length() > MAX
                || !TextInput.acceptable(password, TextInput.Kind.LINE)) {
            throw EnvelopeException.invalid(INVALID);
        }
        return password;
    }
}
