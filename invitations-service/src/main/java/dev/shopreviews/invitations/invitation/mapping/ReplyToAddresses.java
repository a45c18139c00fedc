package dev.shopreviews.invitations.invitation.mapping;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;

/**
 * The one rule for a webshop's Reply-To address (dashboard invitation settings): one line without control characters
 * (a CR or LF could add a header), then the wider address rule of erasure ({@link InvitationRequests#email}), so
 * it is a bare {@code local@domain} and never a display name, a second address or a group.
 */
public final class ReplyToAddresses {
    public static final String INVALID = "reply_to is not a valid e-mail address.";

    private ReplyToAddresses() {
    }

    /** The trimmed address; null when blank; a 400 envelope when the rule refuses it. */
    public static String checked(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String why = TextInput.problem(value, TextInput.Kind.LINE);
        if (why == null && (value.indexOf('\u2028') >= 0 || value.indexOf('\u2029') >= 0 || value.indexOf('\u0085') >= 0)) {
            why = "must be a single line";
        }
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid("reply_to", why));
        }
        try {
            return InvitationRequests.email(value);
        } catch (EnvelopeException invalid) {
            throw EnvelopeException.invalid(INVALID);
        }
    }

    /** Whether {@link #checked} accepts {@code value} as an address (false for blank). */
    public static boolean acceptable(String value) {
        try {
            return checked(value) != null;
        } catch (EnvelopeException refused) {
            return false;
        }
    }
}
