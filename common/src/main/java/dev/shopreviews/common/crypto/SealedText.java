package dev.shopreviews.common.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The one format of short secrets kept at rest (webhook secrets, shop-platform secrets, the API code's copy):
 * AES-256-GCM under SECRET_ENCRYPTION_KEY (64 hex characters), stored as
 * {@code v1:<base64 of 12-byte nonce + ciphertext + tag>}. The caller names what the text belongs to (the
 * authenticated data, e.g. {@code webhook-secret:42}), so a copy moved onto another row does not decrypt.
 */
public final class SealedText {
    public static final String KEY_RULE = "SECRET_ENCRYPTION_KEY must be 64 hex characters (32 bytes)";
    private static final String VERSION = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();
    private final SecretKeySpec key;

    /** A text that is not of this format, or does not decrypt under this key and context. */
    public static final class Unreadable extends IllegalStateException {
        Unreadable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public SealedText(String hexKey) {
        byte[] raw;
        try {
            raw = HexFormat.of().parseHex(hexKey.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(KEY_RULE);
        }
        if (raw.length != 32) {
            throw new IllegalStateException(KEY_RULE);
        }
        this.key = new SecretKeySpec(raw, "AES");
    }

    /** Whether {@code stored} is of this format (it may still not decrypt). */
    public static boolean isSealed(String stored) {
        return stored != null && stored.startsWith(VERSION);
    }

    public String seal(String text, String context) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            RANDOM.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(text.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** The text sealed for {@code context}; {@link Unreadable} when it is not of this format or does not decrypt. */
    public String open(String stored, String context) {
        if (!isSealed(stored)) {
            throw new Unreadable("not a sealed text", null);
        }
        try {
            byte[] in = Base64.getDecoder().decode(stored.substring(VERSION.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new Unreadable("does not decrypt under this key and context", e);
        }
    }
}
