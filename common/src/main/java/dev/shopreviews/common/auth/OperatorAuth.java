package dev.shopreviews.common.auth;

import dev.shopreviews.common.api.EnvelopeException;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Optional;

/**
 * The operator's bearer token for a service's admin API (config {@code shopreviews.operator-token}, env
 * OPERATOR_TOKEN); compared in constant time, never logged. Without a configured token every call is refused.
 */
@ApplicationScoped
public class OperatorAuth {
    private final Optional<String> tokenHash;

    public OperatorAuth(@ConfigProperty(name = "shopreviews.operator-token") Optional<String> token) {
        this.tokenHash = token.filter(value -> !value.isBlank()).map(Codes::sha256Hex);
    }

    public void check(String authorization) {
        String prefix = "Bearer ";
        boolean valid = tokenHash.isPresent() && authorization != null && authorization.startsWith(prefix)
                && Codes.constantTimeEquals(Codes.sha256Hex(authorization.substring(prefix.length()).trim()), tokenHash.get());
        if (!valid) {
            throw new EnvelopeException(401, "Operator token required.");
        }
    }
}
