package dev.shopreviews.common.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/** API codes, tokens and secrets: generated at random, stored only as SHA-256 hashes, compared in constant time. */
public final class Codes {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Codes() {
    }

    /** A random code of {@code bytes} random bytes, hex encoded. */
    public static String random(int bytes) {
        byte[] raw = new byte[bytes];
        RANDOM.nextBytes(raw);
        return HexFormat.of().formatHex(raw);
    }

    public static String sha256Hex(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Compares a presented code with a stored hash without leaking, through timing, how much of it matched. */
    public static boolean matchesHash(String presented, String storedHash) {
        if (presented == null || storedHash == null) {
            return false;
        }
        return constantTimeEquals(sha256Hex(presented), storedHash);
    }

    public static boolean constantTimeEquals(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
