package dev.shopreviews.common.links;

import com.fasterxml.jackson.databind.ObjectMapper;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * Compact signed tokens for links in e-mails: base64url(JSON) + "." + base64url(HMAC-SHA256(key, JSON part)).
 * Used for the review link (payload {@link ReviewLink}) and the opt-out link. A token whose signature does
 * not match, or whose {@code expires_at} has passed, is refused.
 */
public final class SignedTokens {
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final byte[] key;
    private final ObjectMapper mapper;

    public SignedTokens(String key, ObjectMapper mapper) {
        if (key == null || key.length() < 32) {
            throw new IllegalArgumentException("The link signing key must have at least 32 characters");
        }
        this.key = key.getBytes(StandardCharsets.UTF_8);
        this.mapper = mapper;
    }

    public String sign(Object payload) {
        try {
            String body = ENCODER.encodeToString(mapper.writeValueAsBytes(payload));
            return body + "." + ENCODER.encodeToString(hmac(body));
        } catch (Exception e) {
            throw new IllegalArgumentException("Payload cannot be signed", e);
        }
    }

    /** The payload when the signature is right; empty for a forged, damaged or malformed token. */
    public <T> Optional<T> verify(String token, Class<T> type) {
        if (token == null || token.length() > 8192) {
            return Optional.empty();
        }
        int dot = token.indexOf('.');
        if (dot <= 0 || dot != token.lastIndexOf('.')) {
            return Optional.empty();
        }
        String body = token.substring(0, dot);
        try {
            byte[] presented = DECODER.decode(token.substring(dot + 1));
            if (!MessageDigest.isEqual(presented, hmac(body))) {
                return Optional.empty();
            }
            return Optional.of(mapper.readValue(DECODER.decode(body), type));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** A review link that is genuine and not expired at {@code now}. */
    public Optional<ReviewLink> verifyReviewLink(String token, Instant now) {
        return verify(token, ReviewLink.class).filter(link -> link.expiresAt() > now.getEpochSecond());
    }

    private byte[] hmac(String body) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(body.getBytes(StandardCharsets.US_ASCII));
    }
}
