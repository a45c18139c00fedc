package dev.shopreviews.common.privacy;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A person signed in on their privacy page (the magic link was used): the address they proved they read, and until
 * when (epoch seconds). Signed by invitations-service, checked by every service that answers the page.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PrivacySession(String email, long expiresAt) {

    public String emailHash() {
        return EmailHash.of(email);
    }
}
