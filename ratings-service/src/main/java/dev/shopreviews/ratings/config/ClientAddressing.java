package dev.shopreviews.ratings.config;

import dev.shopreviews.common.web.ClientAddresses;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The client address visitors' reports are counted by, behind the trusted gateway. */
public class ClientAddressing {

    @Produces
    @Singleton
    ClientAddresses clientAddresses(RatingsConfig config) {
        return new ClientAddresses(config.trustedProxies());
    }
}
