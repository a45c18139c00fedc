package dev.shopreviews.common.owner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.session.EndedSessions;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
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

    private static final SecureRandom RANDOM = new SecureRandom();

    private final SignedTokens tokens;

    public OwnerSessions(String key, ObjectMapper mapper) {
        this.tokens = new SignedTokens(key, mapper);
    }

    /** A cookie with a new random session id (for a session nobody lists; partner-service records its own). */
    public String open(long owner, String email, Collection<Long> webshops, Instant now) {
        return open(owner, email, webshops, now, newSessionId());
    }

    /** A cookie for the session {@code sessionId} (from {@link #newSessionId()}). */
    public String open(long owner, String email, Collection<Long> webshops, Instant now, String sessionId) {
        return tokens.sign(new OwnerSession(owner, email, List.copyOf(webshops), now.plus(LIFETIME).getEpochSecond(),
                now.toEpochMilli(), sessionId));
    }

    /** 128 random bits, hex: a session's id cannot be guessed (and alone opens nothing: the cookie is signed). */
    public static String newSessionId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The owner of a genuine, unexpired cookie. */
    public Optional<Owner> verify(String cookie, Instant now) {
        return verify(cookie, now, EndedSessions.NONE);
    }

    /**
     * The owner of a genuine, unexpired cookie whose sessions were not ended since it was opened, and whose own
     * session (when the cookie has an id; older cookies have none) was not ended.
     */
    public Optional<Owner> verify(String cookie, Instant now, EndedSessions ended) {
        return tokens.verify(cookie, OwnerSession.class)
                .filter(session -> session.owner() > 0 && session.webshops() != null
                        && session.expiresAt() > now.getEpochSecond())
                .filter(session -> !ended.ended(SessionsEnded.OWNER, Long.toString(session.owner()),
                        Instant.ofEpochMilli(session.openedAt())))
                .filter(session -> session.sid() == null || !ended.ended(SessionsEnded.OWNER_SESSION, session.sid()))
                .map(session -> new Owner(session.owner(), session.email(), Set.copyOf(session.webshops()), session.sid()));
    }
}
