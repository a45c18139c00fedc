package dev.shopreviews.invitations.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.privacy.PrivacySessions;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The privacy page's session cookie, checked with the key every answering service shares (docs/privacy.md). */
public class PrivacySessionSigning {

    @Produces
    @Singleton
    PrivacySessions privacySessions(InvitationsConfig config, ObjectMapper mapper) {
        return new PrivacySessions(config.privacySessionKey(), mapper);
    }
}
