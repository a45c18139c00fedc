package dev.shopreviews.common.privacy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.links.SignedTokens;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The cookie of the privacy page ({@value #COOKIE}, path {@code /privacy/}, HttpOnly, Secure, SameSite=Strict): a
 * {@link PrivacySession} signed with the key every answering service shares (config
 * {@code shopreviews.privacy-session-key}, env PRIVACY_SESSION_KEY). A service builds one from its own config.
 */
public final class PrivacySessions {
    public static final String COOKIE = "sr_privacy";
    public static final Duration LIFETIME = Duration.ofMinutes(30);
    /** Sent with every state-changing request of the page; SameSite=Strict is the other half of the CSRF defence. */
    public static final String CSRF_HEADER = "X-Privacy-Request";
    public static final String EXPIRED = "Your privacy link has expired. Ask for a new one.";
    public static final String FROM_PAGE = "This request must come from the privacy page.";

    private final SignedTokens tokens;

    public PrivacySessions(String key, ObjectMapper mapper) {
        this.tokens = new SignedTokens(key, mapper);
    }

    public String open(String email, Instant now) {
        return tokens.sign(new PrivacySession(email.trim(), now.plus(LIFETIME).getEpochSecond()));
    }

    public Optional<PrivacySession> verify(String cookie, Instant now) {
        return tokens.verify(cookie, PrivacySession.class)
                .filter(session -> session.email() != null && session.expiresAt() > now.getEpochSecond());
    }

    /** The session of a read; 401 envelope without a valid one. */
    public PrivacySession require(String cookie) {
        return verify(cookie, Instant.now())
                .orElseThrow(() -> new EnvelopeException(401, EXPIRED));
    }

    /** The session of a change: also requires the page's request header (a form on another site cannot send it). */
    public PrivacySession requireForChange(String cookie, String csrfHeader) {
        if (!"1".equals(csrfHeader)) {
            throw new EnvelopeException(403, FROM_PAGE);
        }
        return require(cookie);
    }
}
