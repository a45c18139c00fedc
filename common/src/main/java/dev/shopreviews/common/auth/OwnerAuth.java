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
 * Who may use a service's shop dashboard API ({@code /dashboard/api/<service>/webshops/<id>/…}): an owner whose
 * signed session cookie names that webshop (config {@code shopreviews.dashboard-session-key}, env
 * DASHBOARD_SESSION_KEY, the same in every service). Without a configured key every such call is refused.
 * Another owner's webshop answers like an unknown one, so ids cannot be probed.
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

    /** The signed-in owner; 401 envelope without a valid session. */
    public Owner signedIn(String cookie) {
        return session(cookie).orElseThrow(() -> new EnvelopeException(401, SIGN_IN));
    }

    /** The owner of a valid session, if the cookie is one. */
    public Optional<Owner> session(String cookie) {
        return sessions.flatMap(signed -> signed.verify(cookie, Instant.now(), ended));
    }

    /** The signed-in owner of a read of {@code webshopId}; 401 without a session, 404 envelope for a shop not theirs. */
    public Owner reader(String cookie, long webshopId) {
        Owner owner = signedIn(cookie);
        if (!owner.manages(webshopId)) {
            throw new EnvelopeException(404, NOT_YOURS);
        }
        return owner;
    }

    /** As {@link #reader}, for a change: also requires the dashboard's request header (403 envelope without it). */
    public Owner changer(String cookie, String csrfHeader, long webshopId) {
        requireDashboardRequest(csrfHeader);
        return reader(cookie, webshopId);
    }

    /** 403 envelope unless the dashboard's own script sent the request. */
    public static void requireDashboardRequest(String csrfHeader) {
        if (!"1".equals(csrfHeader)) {
            throw new EnvelopeException(403, FROM_DASHBOARD);
        }
    }
}
