package dev.shopreviews.common.privacy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.testing.Db;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmailHashTest {

    @Test
    void javaAndPostgresqlNameTheSameAddressWithTheSameHash() throws Exception {
        String stored = "  Anna.de.Vries+shop@Example.NL ";
        try (Connection connection = Db.open(System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432"), "postgres");
             PreparedStatement statement = connection.prepareStatement("select " + String.format(EmailHash.SQL, "?"))) {
            statement.setString(1, stored);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                assertEquals(EmailHash.of("anna.de.vries+shop@example.nl"), result.getString(1));
            }
        }
        assertTrue(EmailHash.isHash(EmailHash.of(stored)));
        assertFalse(EmailHash.isHash("anna@example.nl"));
    }

    @Test
    void postgresqlFindsTheSameAddressesInABodyOfBytesAsJava() throws Exception {
        String payload = "{\"email\":\"ANNA@example.nl\",\"cc\":\"o'brien!x@mail.example.org\"} " + "a".repeat(50_000) + "@";
        try (Connection connection = Db.open(System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432"), "postgres");
             PreparedStatement statement = connection.prepareStatement("""
                     select encode(sha256(convert_to(lower(found.address[1]), 'UTF8')), 'hex')
                     from regexp_matches(encode(?::bytea, 'escape'), ?, 'g') as found(address)""")) {
            statement.setBytes(1, payload.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            statement.setString(2, EmailHash.ADDRESS_REGEX);
            java.util.Set<String> found = new java.util.LinkedHashSet<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    found.add(result.getString(1));
                }
            }
            assertEquals(EmailHash.mentionedIn(payload), found);
            assertEquals(java.util.Set.of(EmailHash.of("anna@example.nl"), EmailHash.of("o'brien!x@mail.example.org")), found);
        }
    }

    @Test
    void findsAnAddressInsideAnyPayloadWhateverItsCase() {
        String deadLetter = "{\"email\":\"ANNA@example.nl\",\"name\":\"Anna\",\"rating\":4.5}";
        assertTrue(EmailHash.mentions(deadLetter, EmailHash.of("anna@example.nl")));
        assertFalse(EmailHash.mentions(deadLetter, EmailHash.of("bob@example.nl")));
        assertFalse(EmailHash.mentions(null, EmailHash.of("anna@example.nl")));
        assertTrue(EmailHash.mentions("to: <o'brien!x@example.nl>", EmailHash.of("o'brien!x@example.nl")));
    }

    @Test
    void aPrivacySessionIsRefusedWhenForgedExpiredOrChangedWithoutThePageHeader() {
        ObjectMapper mapper = new ObjectMapper().registerModule(new JavaTimeModule());
        PrivacySessions sessions = new PrivacySessions("privacy-session-key-0123456789abcdefghij", mapper);
        PrivacySessions others = new PrivacySessions("another-session-key-0123456789abcdefghij", mapper);
        Instant now = Instant.now();
        String cookie = sessions.open("anna@example.nl", now);

        assertEquals("anna@example.nl", sessions.verify(cookie, now).orElseThrow().email());
        assertTrue(others.verify(cookie, now).isEmpty(), "signed with another key");
        assertTrue(sessions.verify(cookie, now.plus(PrivacySessions.LIFETIME)).isEmpty(), "expired");
        assertTrue(sessions.verify(cookie.replace('.', 'x'), now).isEmpty(), "damaged");
        assertEquals(403, assertThrows(EnvelopeException.class, () -> sessions.requireForChange(cookie, null)).httpStatus());
        assertEquals("anna@example.nl", sessions.requireForChange(cookie, "1").email());
        assertEquals(401, assertThrows(EnvelopeException.class, () -> sessions.require("x.y")).httpStatus());
    }
}
