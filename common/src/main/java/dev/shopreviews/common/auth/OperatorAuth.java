package dev.shopreviews.common.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.session.EndedSessions;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Instant;
import java.util.Optional;

/**
 * The checks of a service's operator callers, for common security ({@code MachineTokenIdentities},
 * {@code CallerIdentities}). Scripts use the machine token on {@code /admin/} (config
 * {@code shopreviews.operator-token}, env OPERATOR_TOKEN; compared in constant time, never logged); named operators
 * use the console's signed session cookie on {@code /operator/api/} (config {@code shopreviews.operator-session-key},
 * env OPERATOR_SESSION_KEY, the same in every service). Without a configured token or key, every such call is refused.
 */
@ApplicationScoped
public class OperatorAuth {
    public static final String SIGN_IN = "Sign in to the operator console.";
    public static final String FROM_CONSOLE = "This request must come from the operator console.";
    public static final String NOT_PERMITTED = "Your operator role does not permit this.";
    public static final String TOKEN_REQUIRED = "Operator token required.";

    private final Optional<String> tokenHash;
    private final Optional<OperatorSessions> sessions;
    private final EndedSessions ended;

    public OperatorAuth(@ConfigProperty(name = "shopreviews.operator-token") Optional<String> token,
                        @ConfigProperty(name = "shopreviews.operator-session-key") Optional<String> sessionKey,
                        ObjectMapper mapper, EndedSessions ended) {
        this.tokenHash = token.filter(value -> !value.isBlank()).map(Codes::sha256Hex);
        this.sessions = sessionKey.filter(value -> !value.isBlank()).map(key -> new OperatorSessions(key, mapper));
        this.ended = ended;
    }

    /** The machine token of the {@code /admin/} APIs; 401 envelope without it. */
    public Operator check(String authorization) {
        String prefix = "Bearer ";
        boolean valid = tokenHash.isPresent() && authorization != null && authorization.startsWith(prefix)
                && Codes.constantTimeEquals(Codes.sha256Hex(authorization.substring(prefix.length()).trim()), tokenHash.get());
        if (!valid) {
            throw new EnvelopeException(401, TOKEN_REQUIRED);
        }
        return Operator.MACHINE_TOKEN;
    }

    /** The operator of a valid console session, if the cookie is one. */
    public Optional<Operator> session(String cookie) {
        return sessions.flatMap(signed -> signed.verify(cookie, Instant.now(), ended));
    }
}
