package dev.shopreviews.partner.operator.service;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), as every authenticator app makes
 * them from a base32 secret. A code of the current step or one step either side is accepted (clock drift).
 */
public final class Totp {
    static final long STEP_SECONDS = 30;
    private static final String BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Totp() {
    }

    /** A new secret of 20 random bytes, in base32 without padding. */
    public static String newSecret() {
        byte[] bytes = new byte[20];
        RANDOM.nextBytes(bytes);
        StringBuilder out = new StringBuilder();
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(BASE32.charAt((buffer >> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        return out.toString();
    }

    /** True when {@code secret} is base32 of at least 16 bytes (what {@link #newSecret} and the apps use). */
    public static boolean validSecret(String secret) {
        return secret != null && secret.length() >= 26 && secret.length() <= 64
                && secret.toUpperCase(Locale.ROOT).chars().allMatch(c -> BASE32.indexOf(c) >= 0);
    }

    /** The step whose code {@code code} is, among the current one and its neighbours, or empty. */
    public static OptionalLong matchingStep(String secret, String code, long epochSeconds) {
        if (code == null || !code.matches("\\d{6}")) {
            return OptionalLong.empty();
        }
        long now = epochSeconds / STEP_SECONDS;
        for (long step = now - 1; step <= now + 1; step++) {
            if (code(secret, step).equals(code)) {
                return OptionalLong.of(step);
            }
        }
        return OptionalLong.empty();
    }

    /** The code an authenticator app shows at {@code epochSeconds}. */
    public static String codeAt(String secret, long epochSeconds) {
        return code(secret, epochSeconds / STEP_SECONDS);
    }

    /** The 6-digit code of one step (RFC 4226 dynamic truncation). */
    static String code(String secret, long step) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(decode(secret), "HmacSHA1"));
            byte[] digest = mac.doFinal(java.nio.ByteBuffer.allocate(8).putLong(step).array());
            int offset = digest[digest.length - 1] & 0x0f;
            int binary = ((digest[offset] & 0x7f) << 24) | ((digest[offset + 1] & 0xff) << 16)
                    | ((digest[offset + 2] & 0xff) << 8) | (digest[offset + 3] & 0xff);
            return String.format("%06d", binary % 1_000_000);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is not available", e);
        }
    }

    static byte[] decode(String secret) {
        String text = secret.toUpperCase(Locale.ROOT).replace("=", "");
        byte[] out = new byte[text.length() * 5 / 8];
        int buffer = 0;
        int bits = 0;
        int index = 0;
        for (char c : text.toCharArray()) {
            buffer = (buffer << 5) | BASE32.indexOf(c);
            bits += 5;
            if (bits >= 8) {
                out[index++] = (byte) (buffer >> (bits - 8));
                bits -= 8;
            }
        }
        return out;
    }
}
