package dev.shopreviews.webhooks.subscription.service;

import dev.shopreviews.common.crypto.SealedText;
import dev.shopreviews.webhooks.config.WebhooksConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Encrypts webhook secrets at rest ({@link SealedText}: AES-256-GCM, key SECRET_ENCRYPTION_KEY); the webshop id is
 * authenticated data, so a secret copied onto another shop's row does not decrypt.
 */
@ApplicationScoped
public class SecretCipher {
    private final SealedText sealed;

    @Inject
    public SecretCipher(WebhooksConfig config) {
        this(config.secretEncryptionKey());
    }

    public SecretCipher(String hexKey) {
        this.sealed = new SealedText(hexKey);
    }

    public String encrypt(String secret, long webshopId) {
        return sealed.seal(secret, context(webshopId));
    }

    public String decrypt(String stored, long webshopId) {
        if (!SealedText.isSealed(stored)) {
            throw new IllegalStateException("Unknown webhook secret format");
        }
        try {
            return sealed.open(stored, context(webshopId));
        } catch (SealedText.Unreadable e) {
            throw new IllegalStateException("Webhook secret cannot be decrypted (wrong SECRET_ENCRYPTION_KEY?)", e);
        }
    }

    private static String context(long webshopId) {
        return "webhook-secret:" + webshopId;
    }
}
