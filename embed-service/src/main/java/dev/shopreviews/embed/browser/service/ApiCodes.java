package dev.shopreviews.embed.browser.service;

import dev.shopreviews.common.crypto.SealedText;
import dev.shopreviews.embed.config.EmbedConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Decrypts the copy of a webshop's API code that partner-service's {@code ApiCodeCipher} puts in the webshop
 * snapshot ({@code api_code_cipher}: {@code v1:<base64 of 12-byte nonce + AES-256-GCM ciphertext + tag>}, authenticated
 * data {@code api-code:<webshop id>}, key SECRET_ENCRYPTION_KEY). The code is only held in memory while a signature is
 * checked; it is never stored, logged or sent.
 */
@ApplicationScoped
public class ApiCodes {
    private final SealedText sealed;

    @Inject
    public ApiCodes(EmbedConfig config) {
        this(config.secretEncryptionKey());
    }

    public ApiCodes(String hexKey) {
        this.sealed = new SealedText(hexKey);
    }

    /** The API code, or empty when the snapshot has no copy (a code issued before copies were kept). */
    public Optional<String> decrypt(String stored, long webshopId) {
        if (stored == null || stored.isEmpty()) {
            return Optional.empty();
        }
        if (!SealedText.isSealed(stored)) {
            throw new IllegalStateException("Unknown format of the API code's copy of webshop " + webshopId);
        }
        try {
            return Optional.of(sealed.open(stored, "api-code:" + webshopId));
        } catch (SealedText.Unreadable e) {
            throw new IllegalStateException("The API code's copy of webshop " + webshopId
                    + " cannot be decrypted (another SECRET_ENCRYPTION_KEY than partner-service's?)", e);
        }
    }
}
