package dev.shopreviews.partner.admin.rest;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.config.PartnerConfig;
import jakarta.enterprise.context.ApplicationScoped;

/** The operator's bearer token for the admin API; compared in constant time, never logged. */
@ApplicationScoped
public class OperatorAuth {
    private final PartnerConfig config;

    public OperatorAuth(PartnerConfig config) {
        this.config = config;
    }

    public void check(String authorization) {
        String prefix = "Bearer ";
        if (authorization == null || !authorization.startsWith(prefix)
                || !Codes.constantTimeEquals(Codes.sha256Hex(authorization.substring(prefix.length()).trim()),
                Codes.sha256Hex(config.operatorToken()))) {
            throw new EnvelopeException(401, "Operator token required.");
        }
    }
}
