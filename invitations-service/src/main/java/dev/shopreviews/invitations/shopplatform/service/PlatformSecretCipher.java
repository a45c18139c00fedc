package dev.shopreviews.invitations.shopplatform.service;

import dev.shopreviews.common.crypto.SealedText;
import dev.shopreviews.invitations.config.InvitationsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Encrypts the shop-platform webhook secrets at rest ({@link SealedText}: AES-256-GCM, key SECRET_ENCRYPTION_KEY, the
 * format webhook secrets have too); the webshop id and the platform are authenticated data, so a secret copied onto
 * another shop's or platform's row does not decrypt.
 */
@ApplicationScoped
public class PlatformSecretCipher {
    private final SealedText sealed;

    @Inject
    public PlatformSecretCipher(InvitationsConfig config) {
        this(config.secretEncryptionKey());
    }

    public PlatformSecretCipher(String hexKey) {
        this.sealed = new SealedText(hexKey);
    }

    public String encrypt(String secret, long webshopId, String platform) {
        return sealed.seal(secret, context(webshopId, platform));
    }

    public String decrypt(String stored, long webshopId, String platform) {
        if (!SealedText.isSealed(stored)) {
            throw new IllegalStateException("Unknown shop-platform secret format");
        }
        try {
            return sealed.open(stored, context(webshopId, platform));
        } catch (SealedText.Unreadable e) {
            throw new IllegalStateException("Shop-platform secret cannot be decrypted (wrong SECRET_ENCRYPTION_KEY?)", e);
        }
    }

    private static String context(long webshopId, String platform) {
        return "shop-platform-secret:" + webshopId + ":" + platform;
    }
}
