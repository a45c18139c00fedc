package dev.shopreviews.invitations.shopplatform;

import dev.shopreviews.invitations.shopplatform.service.PlatformSecretCipher;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The shop-platform secrets at rest: AES-256-GCM, bound to the webshop and the platform. */
class PlatformSecretCipherTest {
    private static final String KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    private final PlatformSecretCipher cipher = new PlatformSecretCipher(KEY);

    @Test
    void aSecretComesBackOnlyForTheSameWebshopPlatformAndKey() {
        String stored = cipher.encrypt("s3cret-of-the-shop", 42, "woocommerce");
        assertFalse(stored.contains("s3cret"));
        assertNotEquals(stored, cipher.encrypt("s3cret-of-the-shop", 42, "woocommerce"));
        assertEquals("s3cret-of-the-shop", cipher.decrypt(stored, 42, "woocommerce"));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt(stored, 43, "woocommerce"));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt(stored, 42, "shopify"));
        assertThrows(IllegalStateException.class,
                () -> new PlatformSecretCipher(KEY.replace('0', '1')).decrypt(stored, 42, "woocommerce"));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt("plain", 42, "woocommerce"));
    }

    @Test
    void theKeyMustBe32HexBytes() {
        assertThrows(IllegalStateException.class, () -> new PlatformSecretCipher("short"));
        assertThrows(IllegalStateException.class, () -> new PlatformSecretCipher(KEY.substring(2)));
    }
}
