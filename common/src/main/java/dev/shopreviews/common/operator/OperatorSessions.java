package dev.shopreviews.common.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.session.EndedSessions;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The operator console's cookie ({@value #COOKIE}, path {@code /operator/}, HttpOnly, Secure, SameSite=Strict): an
 * {@link OperatorSession} signed with the key every service shares (config {@code shopreviews.operator-session-key},
 * env OPERATOR_SESSION_KEY), so each service authorises console calls itself without calling partner-service.
 */
public final class OperatorSessions {
    public static final String COOKIE = "sr_operator";
    public static final String COOKIE_PATH = "/operator/";
    public static final Duration LIFETIME = Duration.ofMinutes(60);
    /** Sent with every state-changing request of the console; SameSite=Strict is the other half of the CSRF defence. */
    public static final String CSRF_HEADER = "X-Operator-Request";

    private final SignedTokens tokens;

    public OperatorSessions(String key, ObjectMapper mapper) {
        this.tokens = new SignedTokens(key, mapper);
    }

    public String open(String name, OperatorRole role, Instant now) {
        return open(name, role, now, LIFETIME);
    }

    /** A session of another lifetime: a script's token from an API key lives shorter than a person's sign-in. */
    public String open(String name, OperatorRole role, Instant now, Duration lifetime) {
        return tokens.sign(new OperatorSession(name, role.value(), now.plus(lifetime).getEpochSecond(), now.toEpochMilli()));
    }

    /** The operator of a genuine, unexpired cookie with a known role. */
    public Optional<Operator> verify(String cookie, Instant now) {
        return verify(cookie, now, EndedSessions.NONE);
    }

    /** The operator of a genuine, unexpired cookie with a known role whose sessions were not ended since. */
    public Optional<Operator> verify(String cookie, Instant now, EndedSessions ended) {
        return tokens.verify(cookie, OperatorSession.class)
                .filter(session -> session.name() != null && !session.name().isBlank()
                        && session.expiresAt() > now.getEpochSecond())
                .filter(session -> !ended.ended(SessionsEnded.OPERATOR, session.name(), Instant.ofEpochMilli(session.openedAt())))
                .flatMap(session -> OperatorRole.parse(session.role())
                        .map(role -> new Operator(session.name(), role, false)));
    }
}
