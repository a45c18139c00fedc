package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.common.links.ReviewLink;

import java.util.List;

/** What the invitation templates show. */
public record MailContent(String shopName, String customerName, List<ReviewLink.Product> products, String reviewUrl,
                          String optOutUrl) {
    public boolean hasName() {
        return customerName != null && !customerName.isBlank();
    }
}
