package dev.shopreviews.embed.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.links.SignedTokens;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The verifier of the invitation e-mail's review link (signed by invitations-service with the same key). */
public class LinkSigning {

    @Produces
    @Singleton
    SignedTokens signedTokens(EmbedConfig config, ObjectMapper mapper) {
        return new SignedTokens(config.linkSigningKey(), mapper);
    }
}
