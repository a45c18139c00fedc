package dev.shopreviews.embed.browser.service;

import dev.shopreviews.embed.config.EmbedConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Decrypts the copy of a webshop's API code that partner-service's {@code ApiCodeCipher} puts in the webshop
 * snapshot ({@code api_code_cipher}: {@code v1:<base64 of 12-byte nonce + AES-256-GCM ciphertext + tag>}, authenticated
 * data {@code api-code:<webshop id>}, key SECRET_ENCRYPTION_KEY). The code is only held in memory while a signature is
 * checked; it is never stored, logged or sent.
 */
@ApplicationScoped
public class ApiCodes {
    private static final String VERSION = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private final SecretKeySpec key;

    @Inject
    public ApiCodes(EmbedConfig config) {
        this(config.secretEncryptionKey());
    }

    public ApiCodes(String hexKey) {
        byte[] raw;
        try {
            raw = HexFormat.of().parseHex(hexKey.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("SECRET_ENCRYPTION_KEY must be 64 hex characters (32 bytes)");
        }
        if (raw.length != 32) {
            throw new IllegalStateException("SECRET_ENCRYPTION_KEY must be 64 hex characters (32 bytes)");
        }
        this.key = new SecretKeySpec(raw, "AES");
    }

    /** The API code, or empty when the snapshot has no copy (a code issued before copies were kept). */
    public Optional<String> decrypt(String stored, long webshopId) {
        if (stored == null || stored.isEmpty()) {
            return Optional.empty();
        }
        if (!stored.startsWith(VERSION)) {
            throw new IllegalStateException("Unknown format of the API code's copy of webshop " + webshopId);
        }
        try {
            byte[] in = Base64.getDecoder().decode(stored.substring(VERSION.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(("api-code:" + webshopId).getBytes(StandardCharsets.UTF_8));
            return Optional.of(new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("The API code's copy of webshop " + webshopId
                    + " cannot be decrypted (another SECRET_ENCRYPTION_KEY than partner-service's?)", e);
        }
    }
}
