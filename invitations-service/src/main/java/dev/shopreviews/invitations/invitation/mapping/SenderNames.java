package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;

/**
 * The one rule for a webshop's sender name, the display name of its invitation e-mail's From header (dashboard
 * invitation defaults): trimmed, 1-100 characters on one line, no control characters, none of {@code <>"@,;:\} and
 * no parentheses or {@code =?}, so it can only ever be a display name, never a header or a second address. The mailer
 * (Vert.x) writes an ASCII name as it is and a non-ASCII one as an encoded comment after the address: a parenthesis
 * would open or close a comment there (an unclosed one swallows the address), and a literal RFC 2047 encoded word
 * ({@code =?UTF-8?B?...?=}) would be shown decoded, for example as {@code <evil@x>}.
 */
public final class SenderNames {
    public static final int MAX_LENGTH = 100;
    static final String FORBIDDEN = "<>\"@,;:\\()";
    static final String FORBIDDEN_MESSAGE = "sender_name may not contain any of < > \" @ , ; : \\ ( ) or =?.";

    private SenderNames() {
    }

    /** The trimmed name; null when blank; a 400 envelope when the rule refuses it. */
    public static String checked(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String why = TextInput.problem(value, TextInput.Kind.LINE);
        if (why == null && (value.indexOf('\u2028') >= 0 || value.indexOf('\u2029') >= 0)) {
            why = "must be a single line";
        }
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid("sender_name", why));
        }
        String name = value.strip();
        if (name.chars().anyMatch(c -> FORBIDDEN.indexOf(c) >= 0) || name.contains("=?")) {
            throw EnvelopeException.invalid(FORBIDDEN_MESSAGE);
        }
        if (name.codePointCount(0, name.length()) > MAX_LENGTH) {
            throw EnvelopeException.invalid("sender_name is too long (at most " + MAX_LENGTH + " characters).");
        }
        return name;
    }

    /** Whether {@link #checked} accepts {@code value} as a name (false for blank). */
    public static boolean acceptable(String value) {
        try {
            return checked(value) != null;
        } catch (EnvelopeException refused) {
            return false;
        }
    }
}
