package dev.shopreviews.webhooks.subscription;

import dev.shopreviews.webhooks.subscription.service.SecretCipher;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SecretCipherTest {
    private static final String KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    private final SecretCipher cipher = new SecretCipher(KEY);

    @Test
    void aSecretComesBackOnlyForTheSameWebshopAndKey() {
        String stored = cipher.encrypt("s3cret", 42);
        assertFalse(stored.contains("s3cret"));
        assertNotEquals(stored, cipher.encrypt("s3cret", 42));
        assertEquals("s3cret", cipher.decrypt(stored, 42));
        assertThrows(IllegalStateException.class, () -> cipher.decrypt(stored, 43));
        assertThrows(IllegalStateException.class,
                () -> new SecretCipher(KEY.replace('0', '1')).decrypt(stored, 42));
    }

    @Test
    void theKeyMustBe32HexBytes() {
        assertThrows(IllegalStateException.class, () -> new SecretCipher("short"));
        assertThrows(IllegalStateException.class, () -> new SecretCipher(KEY.substring(2)));
    }
}
