package dev.shopreviews.common.session;

import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.messaging.UnusableRecord;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionsEndedConsumerTest {
    final EndedSessions ended = new EndedSessions();
    final SessionsEndedConsumer consumer = new SessionsEndedConsumer(null, ended);

    private static SessionsEnded event(String kind, String account) {
        return new SessionsEnded("e1", SessionsEnded.TYPE, Instant.now(), 0, kind, account, Instant.now(), "ended-by-owner");
    }

    @Test
    void anEndOfOneOwnerSessionIsRecordedForThatSessionOnly() {
        consumer.apply(event(SessionsEnded.OWNER_SESSION, "abc123")).await().indefinitely();
        assertTrue(ended.ended(SessionsEnded.OWNER_SESSION, "abc123"));
        assertFalse(ended.ended(SessionsEnded.OWNER_SESSION, "def456"));
        assertFalse(ended.ended(SessionsEnded.OWNER, "abc123", Instant.now().minusSeconds(1)));
    }

    @Test
    void anUnknownAccountKindIsUnusable() {
        assertThrows(UnusableRecord.class, () -> consumer.apply(event("webshop", "1")));
    }
}
