package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.common.links.ReviewLink;

import java.util.List;

/** A claimed invitation with everything its e-mail needs. {@code attempt} counts this attempt (1 = first). */
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
        int attempt) {
}
