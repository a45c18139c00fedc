package dev.shopreviews.invitations.sending.service;

import io.vertx.ext.mail.SMTPException;

import java.util.Set;

/**
 * Which SMTP failures are bounces: the mail server refused the recipient or the message for good during the send
 * (permanent reply codes about the mailbox, the address or the message: 501 bad address syntax, 550-554, 556, to
 * RCPT TO or DATA; a refused MAIL FROM is the configured sender's problem and is not one), so
 * trying again cannot help. Other 5xx answers (500/502-504 command errors, 530/535 authentication) are faults of this
 * side's configuration and are retried like a connection failure, so fixing the configuration still sends the mails.
 */
public final class Bounces {
    private static final Set<Integer> RECIPIENT_REFUSED = Set.of(501, 550, 551, 552, 553, 554, 556);
    /** Vert.x's message when MAIL FROM was refused: the configured sender, not the recipient, so it is retried. */
    private static final String SENDER_REFUSED = "sender address not accepted";

    private Bounces() {
    }

    /** The failure reason to record for a bounce ("Refused by the mail server: 550 …"), or null when it is none. */
    public static String reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SMTPException smtp && smtp.isPermanent() && RECIPIENT_REFUSED.contains(smtp.getReplyCode())
                    && !String.valueOf(smtp.getMessage()).startsWith(SENDER_REFUSED)) {
                String reply = smtp.getReplyMessage() == null ? smtp.getMessage() : smtp.getReplyMessage().strip();
                String code = String.valueOf(smtp.getReplyCode());
                return "Refused by the mail server: " + (reply.startsWith(code) ? reply : code + " " + reply);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return null;
    }
}
