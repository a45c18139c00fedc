package dev.shopreviews.common.links;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The opaque references of the links in invitation e-mails ({@code ?ref=}): 256 random bits as 43 base64url
 * characters, whatever the order's size, with no personal data. Services store and compare only their SHA-256.
 */
public final class LinkReferences {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private LinkReferences() {
    }

    public static String newReference() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Whether the value can be a reference at all (checked before any lookup). */
    public static boolean wellFormed(String reference) {
        return reference != null && SHAPE.matcher(reference).matches();
    }

    /** The stored form of a reference: lower-case hex SHA-256. */
    public static String hash(String reference) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(reference.getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
