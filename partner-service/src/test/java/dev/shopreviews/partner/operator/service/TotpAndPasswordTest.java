package dev.shopreviews.partner.operator.service;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TOTP against RFC 6238's published vectors (SHA-1, last six digits); Argon2id hashes that verify only their password. */
class TotpAndPasswordTest {
    // base32 of the ASCII "12345678901234567890", RFC 6238 appendix B's SHA-1 seed
    private static final String RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    @Test
    void codesMatchRfc6238TestVectors() {
        assertEquals("287082", Totp.codeAt(RFC_SECRET, 59));
        assertEquals("081804", Totp.codeAt(RFC_SECRET, 1111111109));
        assertEquals("050471", Totp.codeAt(RFC_SECRET, 1111111111));
        assertEquals("005924", Totp.codeAt(RFC_SECRET, 1234567890));
        assertEquals("279037", Totp.codeAt(RFC_SECRET, 2000000000));
    }

    @Test
    void aCodeOfTheNeighbouringStepIsAcceptedAndAnOlderOneIsNot() {
        long now = 1234567890;
        assertEquals(now / 30, Totp.matchingStep(RFC_SECRET, Totp.codeAt(RFC_SECRET, now), now).getAsLong());
        assertTrue(Totp.matchingStep(RFC_SECRET, Totp.codeAt(RFC_SECRET, now - 30), now).isPresent());
        assertFalse(Totp.matchingStep(RFC_SECRET, Totp.codeAt(RFC_SECRET, now - 90), now).isPresent());
        assertFalse(Totp.matchingStep(RFC_SECRET, "12345", now).isPresent());
        assertFalse(Totp.matchingStep(RFC_SECRET, "１２３４５６", now).isPresent());
    }

    @Test
    void newSecretsAreValidBase32() {
        String secret = Totp.newSecret();
        assertEquals(32, secret.length());
        assertTrue(Totp.validSecret(secret));
        assertFalse(Totp.validSecret("not base32 at all!"));
    }

    @Test
    void argon2idHashVerifiesOnlyItsOwnPassword() {
        String hash = PasswordHashing.hash("correct horse battery");
        assertTrue(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"));
        assertTrue(PasswordHashing.matches("correct horse battery", hash));
        assertFalse(PasswordHashing.matches("correct horse batterY", hash));
        assertFalse(PasswordHashing.matches("correct horse battery", hash.replace("t=2", "t=3")));
        assertFalse(PasswordHashing.matches("x", "not a hash"));
        assertFalse(PasswordHashing.matches(null, hash));
    }
}
