package dev.shopreviews.webhooks.delivery.service;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * X-Hash (spec 5.7): lowercase hex HMAC-SHA256 of the exact raw body bytes, keyed with the subscription's secret
 * (the secret string as returned on creation, its UTF-8 bytes).
 */
public final class Signatures {
    private Signatures() {
    }

    public static String hmacHex(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /** X-Timestamp-Hash: the same HMAC over {@code <X-Timestamp>.<raw body>}, for receivers that check replays. */
    public static String timestampedHex(String secret, String timestamp, byte[] body) {
        byte[] prefix = (timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] signed = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, signed, 0, prefix.length);
        System.arraycopy(body, 0, signed, prefix.length, body.length);
        return hmacHex(secret, signed);
    }
}
