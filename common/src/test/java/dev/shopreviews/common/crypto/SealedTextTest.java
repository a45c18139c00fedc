package dev.shopreviews.common.crypto;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SealedTextTest {
    private static final String KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    private final SealedText sealed = new SealedText(KEY);

    @Test
    void aSealedTextOpensOnlyUnderItsKeyAndContext() {
        String stored = sealed.seal("s3cret", "webhook-secret:42");
        assertTrue(stored.startsWith("v1:") && !stored.contains("s3cret"), stored);
        assertNotEquals(stored, sealed.seal("s3cret", "webhook-secret:42"), "a fresh nonce each time");
        assertEquals("s3cret", sealed.open(stored, "webhook-secret:42"));
        assertThrows(SealedText.Unreadable.class, () -> sealed.open(stored, "webhook-secret:43"));
        assertThrows(SealedText.Unreadable.class, () -> new SealedText(KEY.replace('0', '1')).open(stored, "webhook-secret:42"));
        assertThrows(SealedText.Unreadable.class, () -> sealed.open("v1:not base64!", "webhook-secret:42"));
        assertThrows(SealedText.Unreadable.class, () -> sealed.open("plain", "webhook-secret:42"));
    }

    @Test
    void theKeyMustBeThirtyTwoBytesInHex() {
        assertThrows(IllegalStateException.class, () -> new SealedText("short"));
        assertThrows(IllegalStateException.class, () -> new SealedText(KEY.substring(2)));
        assertThrows(IllegalStateException.class, () -> new SealedText(KEY.replace('a', 'x')));
    }
}
