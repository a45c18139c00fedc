package dev.shopreviews.invitations.optout.service;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Payload of the signed opt-out link of every invitation e-mail. It does not expire: an unsubscribe link keeps
 * working. {@code purpose} keeps a review-link token from being accepted here.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OptOutLink(String purpose, long webshopId, String email, String language) {
    public static final String PURPOSE = "invitations.optout";

    public static OptOutLink of(long webshopId, String email, String language) {
        return new OptOutLink(PURPOSE, webshopId, email, language);
    }

    public boolean genuine() {
        return PURPOSE.equals(purpose) && email != null && !email.isBlank();
    }
}
