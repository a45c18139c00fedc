package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.common.crypto.SealedText;
import dev.shopreviews.partner.config.PartnerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The encrypted copy of a webshop's API code ({@link SealedText}: AES-256-GCM with SECRET_ENCRYPTION_KEY, as
 * webhook secrets are kept), the authenticated data {@code api-code:<webshop id>} so a copy moved onto another shop
 * does not decrypt. Written where a code is created or rotated and carried in the webshop snapshot, from which
 * embed-service decrypts it to check the signature of a shop's order data (docs/api-notes.md, "Signed order data").
 */
@ApplicationScoped
public class ApiCodeCipher {
    private final SealedText sealed;

    @Inject
    public ApiCodeCipher(PartnerConfig config) {
        this(config.secretEncryptionKey());
    }

    public ApiCodeCipher(String hexKey) {
        this.sealed = new SealedText(hexKey);
    }

    public String encrypt(String code, long webshopId) {
        return sealed.seal(code, "api-code:" + webshopId);
    }
}
