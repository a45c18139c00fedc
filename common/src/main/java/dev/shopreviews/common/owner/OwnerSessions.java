package dev.shopreviews.common.owner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.session.EndedSessions;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The shop dashboard's cookie ({@value #COOKIE}, path {@code /dashboard/}, HttpOnly, Secure, SameSite=Lax): an
 * {@link OwnerSession} signed with the key every service shares (config {@code shopreviews.dashboard-session-key},
 * env DASHBOARD_SESSION_KEY), so each service authorises dashboard calls itself without calling partner-service.
 * The webshops are those of the sign-in; a membership added later counts from the next sign-in.
 */
public final class OwnerSessions {
    public static final String COOKIE = "sr_owner";
    public static final String COOKIE_PATH = "/dashboard/";
    public static final Duration LIFETIME = Duration.ofMinutes(60);
    /** Sent with every state-changing dashboard request: a form or link on another site cannot send it (CSRF). */
    public static final String CSRF_HEADER = "X-Dashboard-Request";

    private final SignedTokens tokens;

    public OwnerSessions(String key, ObjectMapper mapper) {
        this.tokens = new SignedTokens(key, mapper);
    }

    public String open(long owner, String email, Collection<Long> webshops, Instant now) {
        return tokens.sign(new OwnerSession(owner, email, List.copyOf(webshops), now.plus(LIFETIME).getEpochSecond(),
                now.toEpochMilli()));
    }

    /** The owner of a genuine, unexpired cookie. */
    public Optional<Owner> verify(String cookie, Instant now) {
        return verify(cookie, now, EndedSessions.NONE);
    }

    /** The owner of a genuine, unexpired cookie whose sessions were not ended since it was opened. */
    public Optional<Owner> verify(String cookie, Instant now, EndedSessions ended) {
        return tokens.verify(cookie, OwnerSession.class)
                .filter(session -> session.owner() > 0 && session.webshops() != null
                        && session.expiresAt() > now.getEpochSecond())
                .filter(session -> !ended.ended(SessionsEnded.OWNER, Long.toString(session.owner()),
                        Instant.ofEpochMilli(session.openedAt())))
                .map(session -> new Owner(session.owner(), session.email(), Set.copyOf(session.webshops())));
    }
}
