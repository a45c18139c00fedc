package dev.shopreviews.partner.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.web.ClientAddresses;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The console's session signing (the key every service shares) and the client address sign-in limits count by. */
public class OperatorConsoleSetup {

    @Produces
    @Singleton
    OperatorSessions operatorSessions(PartnerConfig config, ObjectMapper mapper) {
        return new OperatorSessions(config.operatorSessionKey(), mapper);
    }

    /** The shop dashboard's session signing (the key every service shares; common OwnerAuth checks it). */
    @Produces
    @Singleton
    OwnerSessions ownerSessions(PartnerConfig config, ObjectMapper mapper) {
        return new OwnerSessions(config.dashboardSessionKey(), mapper);
    }

    @Produces
    @Singleton
    ClientAddresses clientAddresses(PartnerConfig config) {
        return new ClientAddresses(config.console().trustedProxies());
    }
}
