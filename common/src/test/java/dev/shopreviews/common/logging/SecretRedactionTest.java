package dev.shopreviews.common.logging;

import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretRedactionTest {

    @Test
    void codesTokensAndEmailAddressesNeverReachALogLine() {
        ExtLogRecord record = new ExtLogRecord(Level.WARNING, "HTTP Request to %s failed for %s",
                ExtLogRecord.FormatStyle.PRINTF, SecretRedactionTest.class.getName());
        record.setParameters(new Object[]{"/api/1.0/ratings.json?id=1001&code=0123456789abcdef&limit=5&token=tok_secret",
                "Jan.Jansen+shop@example.co.uk"});

        assertTrue(new SecretRedaction().isLoggable(record));
        assertEquals("HTTP Request to /api/1.0/ratings.json?id=1001&code=REDACTED&limit=5&token=REDACTED failed for <e-mail>",
                record.getFormattedMessage());
    }

    @Test
    void linesWithoutSecretsAreLeftAsTheyAre() {
        assertEquals("Batch of 3 review events committed in 12 ms", SecretRedaction.redact("Batch of 3 review events committed in 12 ms"));
        assertEquals("/invitations/optout?t=REDACTED", SecretRedaction.redact("/invitations/optout?t=eyJhbGciOi.abc"));
    }
}
