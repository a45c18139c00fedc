package dev.shopreviews.invitations.template.mapping;

import dev.shopreviews.common.api.EnvelopeException;

import java.util.Locale;

/** The e-mails a shop can word itself: the invitation and its one reminder. Stored and named in lower case. */
public enum MailKind {
    invitation, reminder;

    /** The kind a path names; 404 envelope for any other. */
    public static MailKind named(String value) {
        for (MailKind kind : values()) {
            if (kind.name().equals(value == null ? null : value.toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new EnvelopeException(404, "No such e-mail: use invitation or reminder.");
    }
}
