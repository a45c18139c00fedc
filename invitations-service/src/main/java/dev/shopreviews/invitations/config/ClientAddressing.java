package dev.shopreviews.invitations.config;

import dev.shopreviews.common.web.ClientAddresses;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The client address the privacy page's link requests are limited by, behind the trusted gateway. */
public class ClientAddressing {

    @Produces
    @Singleton
    ClientAddresses clientAddresses(InvitationsConfig config) {
        return new ClientAddresses(config.privacy().trustedProxies());
    }
}
