package dev.shopreviews.invitations.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.links.SignedTokens;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** The signer of the e-mail links (review link read by embed-service, opt-out link read by this service). */
public class LinkSigning {

    @Produces
    @Singleton
    SignedTokens signedTokens(InvitationsConfig config, ObjectMapper mapper) {
        return new SignedTokens(config.linkSigningKey(), mapper);
    }
}
