package dev.shopreviews.invitations.shopplatform.service;

import dev.shopreviews.invitations.config.InvitationsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Encrypts the shop-platform webhook secrets at rest with AES-256-GCM, as webhooks-service's SecretCipher does its
 * webhook secrets (same key SECRET_ENCRYPTION_KEY, 64 hex characters; a copy, since common is not the place for one
 * service's storage format). Stored text: {@code v1:<base64 of 12-byte nonce + ciphertext + tag>}; the webshop id and
 * the platform are authenticated data, so a secret copied onto another shop's or platform's row does not decrypt.
 */
@ApplicationScoped
public class PlatformSecretCipher {
    private static final String VERSION = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final String KEY_RULE = "SECRET_ENCRYPTION_KEY must be 64 hex characters (32 bytes)";
    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;

    @Inject
    public PlatformSecretCipher(InvitationsConfig config) {
        this(config.secretEncryptionKey());
    }

    public PlatformSecretCipher(String hexKey) {
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

    public String encrypt(String secret, long webshopId, String platform) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad(webshopId, platform));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    public String decrypt(String stored, long webshopId, String platform) {
        if (stored == null || !stored.startsWith(VERSION)) {
            throw new IllegalStateException("Unknown shop-platform secret format");
        }
        try {
            byte[] in = Base64.getDecoder().decode(stored.substring(VERSION.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(aad(webshopId, platform));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("Shop-platform secret cannot be decrypted (wrong SECRET_ENCRYPTION_KEY?)", e);
        }
    }

    private static byte[] aad(long webshopId, String platform) {
        return ("shop-platform-secret:" + webshopId + ":" + platform).getBytes(StandardCharsets.UTF_8);
    }
}
