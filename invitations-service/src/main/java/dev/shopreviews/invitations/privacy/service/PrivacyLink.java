package dev.shopreviews.invitations.privacy.service;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What the privacy page's e-mailed link carries (signed with the link key): the address it was sent to, a nonce
 * that makes it single use, the page's language and its end (epoch seconds). {@code purpose} keeps any other token
 * signed with the same key (a review link) from passing as one.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PrivacyLink(String purpose, String email, String nonce, String language, long expiresAt) {
    public static final String PURPOSE = "privacy-page";

    boolean genuineAt(long epochSecond) {
        return PURPOSE.equals(purpose) && email != null && nonce != null && nonce.length() >= 32
                && expiresAt > epochSecond;
    }
}
