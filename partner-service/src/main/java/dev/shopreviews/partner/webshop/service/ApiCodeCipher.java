package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.partner.config.PartnerConfig;
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
 * The encrypted copy of a webshop's API code (as webhooks-service's SecretCipher keeps webhook secrets): AES-256-GCM
 * with SECRET_ENCRYPTION_KEY (64 hex characters), stored as {@code v1:<base64 of 12-byte nonce + ciphertext + tag>},
 * the authenticated data {@code api-code:<webshop id>} so a copy moved onto another shop does not decrypt. Written
 * where a code is created or rotated and carried in the webshop snapshot, from which embed-service decrypts it to
 * check the signature of a shop's order data (docs/api-notes.md, "Signed order data"). The key is read on first use.
 */
@ApplicationScoped
public class ApiCodeCipher {
    private static final String VERSION = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private final SecureRandom random = new SecureRandom();
    private final SecretKeySpec key;

    @Inject
    public ApiCodeCipher(PartnerConfig config) {
        this(config.secretEncryptionKey());
    }

    public ApiCodeCipher(String hexKey) {
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

    public String encrypt(String code, long webshopId) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(("api-code:" + webshopId).getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(code.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return VERSION + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }
}
