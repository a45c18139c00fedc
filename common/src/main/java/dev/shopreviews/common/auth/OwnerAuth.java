package dev.shopreviews.common.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.session.EndedSessions;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Instant;
import java.util.Optional;

/**
 * The shop dashboard's session check, for common security ({@code CallerIdentities}): the owner of a signed session
 * cookie (config {@code shopreviews.dashboard-session-key}, env DASHBOARD_SESSION_KEY, the same in every service)
 * that is neither expired nor ended since. Without a configured key no session is valid. Endpoints declare
 * {@code @RolesAllowed(Roles.OWNER)} and read the owner with {@code Callers.owner}/{@code Callers.ownerOf}.
 */
@ApplicationScoped
public class OwnerAuth {
    public static final String SIGN_IN = "Sign in to the dashboard.";
    public static final String FROM_DASHBOARD = "This request must come from the dashboard.";
    public static final String NOT_YOURS = "Webshop not found.";

    private final Optional<OwnerSessions> sessions;
    private final EndedSessions ended;

    public OwnerAuth(@ConfigProperty(name = "shopreviews.dashboard-session-key") Optional<String> sessionKey,
                     ObjectMapper mapper, EndedSessions ended) {
        this.sessions = sessionKey.filter(value -> !value.isBlank()).map(key -> new OwnerSessions(key, mapper));
        this.ended = ended;
    }

    /** The owner of a valid session, if the cookie is one. */
    public Optional<Owner> session(String cookie) {
        return sessions.flatMap(signed -> signed.verify(cookie, Instant.now(), ended));
    }

    /**
     * 403 envelope unless the dashboard's own script sent the request: for the open endpoints that take no session
     * (sign-in, password links); an owner's endpoints get the check from common security's SessionRequestHeaders.
     */
    public static void requireDashboardRequest(String csrfHeader) {
        if (!"1".equals(csrfHeader)) {
            throw new EnvelopeException(403, FROM_DASHBOARD);
        }
    }
}
