package dev.shopreviews.invitations.invitation.service;

import dev.shopreviews.common.links.ReviewLink;

import java.math.BigDecimal;
import java.util.List;

/**
 * A checked add-invitation request (spec 4.1) with its defaults applied. {@code products} is null for an ordinary
 * invitation and holds the order_data products for a product-review invitation.
 */
public record NewInvitation(
        String email,
        String order,
        String language,
        /** Null when the request named no delay: the webshop's default applies (add_invitation, migration V11). */
        Integer delayDays,
        String customerName,
        List<String> phoneNumbers,
        BigDecimal orderTotal,
        List<ReviewLink.Product> products,
        String client,
        String platformVersion,
        String pluginVersion,
        /**
         * Null: no limit. Else the most invitations this webshop may hold for the address: with that many already
         * stored, nothing is queued ({@link InvitationService.Added#LIMIT_REACHED}).
         */
        Integer maxInvitationsPerEmail) {
}
