package dev.shopreviews.invitations.sending.mail;

import dev.shopreviews.common.links.ReviewLink;

import java.util.List;

/** What the invitation templates show; {@code reminder}: the one reminder's text instead of the invitation's. */
public record MailContent(String shopName, String customerName, List<ReviewLink.Product> products, String reviewUrl,
                          String optOutUrl, boolean reminder) {
    public boolean hasName() {
        return customerName != null && !customerName.isBlank();
    }
}
