package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.invitations.config.InvitationsConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The two links of an invitation e-mail, both with the e-mail's opaque reference (LinkIssuer): the review form of
 * embed-service ({@code /embed/review?ref=}) and this service's opt-out page ({@code /invitations/optout?ref=}).
 */
@ApplicationScoped
public class MailLinks {
    private final InvitationsConfig config;

    public MailLinks(InvitationsConfig config) {
        this.config = config;
    }

    public String review(String reference) {
        return base() + "/embed/review?ref=" + reference;
    }

    public String optOut(String reference) {
        return base() + "/invitations/optout?ref=" + reference;
    }

    private String base() {
        String base = config.publicBaseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
