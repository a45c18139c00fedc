package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.invitations.template.mapping.TemplateSource;

import java.util.List;

/**
 * A claimed invitation with everything its e-mail needs. {@code attempt} counts this attempt (1 = first) of the
 * invitation, or of its reminder when {@code reminder}. {@code senderName} and {@code replyTo}: the webshop's
 * settings read at claim time, or null. {@code template}: the shop's own template of this e-mail in
 * {@code mailLanguage}, or null for the built-in text.
 */
public record MailJob(
        long invitationId,
        long webshopId,
        String shopName,
        String shopMainLanguage,
        String email,
        String customerName,
        String language,
        String orderNumber,
        List<ReviewLink.Product> products,
        int attempt,
        String senderName,
        String replyTo,
        boolean reminder,
        String mailLanguage,
        TemplateSource template) {
}
