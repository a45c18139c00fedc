package dev.shopreviews.invitations.links.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

/** How many review links of the invitation were revoked. */
@JsonPropertyOrder({"status", "message", "revoked"})
public record LinksRevoked(String status, String message, int revoked) {
    static LinksRevoked of(int revoked) {
        return new LinksRevoked(Messages.SUCCESS, "Review links revoked.", revoked);
    }
}
