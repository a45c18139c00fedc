package dev.shopreviews.embed.config;

import dev.shopreviews.common.web.ClientAddresses;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The client address the review form's rate limits count by, behind the trusted gateway. */
public class ClientAddressing {

    @Produces
    @Singleton
    ClientAddresses clientAddresses(EmbedConfig config) {
        return new ClientAddresses(config.trustedProxies());
    }
}
