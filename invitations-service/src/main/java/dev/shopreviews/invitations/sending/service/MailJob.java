package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.common.links.ReviewLink;

import java.util.List;

/**
 * A claimed invitation with everything its e-mail needs. {@code attempt} counts this attempt (1 = first).
 * {@code senderName}: the webshop's sender name (dashboard invitation defaults) read at claim time, or null.
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
        String senderName) {
}
