package dev.shopreviews.ratings.admin.rest;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.ratings.config.RatingsConfig;
import jakarta.enterprise.context.ApplicationScoped;

/** The operator's bearer token for the admin API; compared in constant time, never logged. */
@ApplicationScoped
public class OperatorAuth {
    private final RatingsConfig config;

    public OperatorAuth(RatingsConfig config) {
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
