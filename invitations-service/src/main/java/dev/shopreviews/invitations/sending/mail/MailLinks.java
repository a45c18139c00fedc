package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.optout.service.OptOutLink;
import dev.shopreviews.invitations.sending.service.MailJob;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * The two links of an invitation e-mail: the review form of embed-service ({@code /embed/review?token=}, a signed
 * {@link ReviewLink} valid 90 days) and this service's opt-out page ({@code /invitations/optout?token=}).
 */
@ApplicationScoped
public class MailLinks {
    private final SignedTokens tokens;
    private final InvitationsConfig config;

    public MailLinks(SignedTokens tokens, InvitationsConfig config) {
        this.tokens = tokens;
        this.config = config;
    }

    public String review(MailJob job, String language, Instant now) {
        ReviewLink link = new ReviewLink(job.webshopId(), job.invitationId(), job.orderNumber(), job.email(),
                job.customerName(), language, job.products(), now.plus(config.reviewLinkValidity()).getEpochSecond());
        return base() + "/embed/review?token=" + tokens.sign(link);
    }

    public String optOut(MailJob job, String language) {
        return base() + "/invitations/optout?token=" + tokens.sign(OptOutLink.of(job.webshopId(), job.email(), language));
    }

    private String base() {
        String base = config.publicBaseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
