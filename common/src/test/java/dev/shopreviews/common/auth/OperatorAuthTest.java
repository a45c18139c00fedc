package dev.shopreviews.common.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.session.EndedSessions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OperatorAuthTest {
    static final String KEY = "operator-auth-test-key-0123456789abcdef";
    final ObjectMapper mapper = new ObjectMapper();
    final EndedSessions ended = new EndedSessions();
    final OperatorAuth auth = new OperatorAuth(Optional.of("machine-token"), Optional.of(KEY), mapper, ended);
    final OperatorSessions sessions = new OperatorSessions(KEY, mapper);

    @Test
    void anEndedOperatorsSessionsAndApiKeyTokensAreRefusedEverywhereTheCheckRuns() {
        Instant end = Instant.now();
        String console = sessions.open("mia", OperatorRole.MODERATOR, end.minusSeconds(5));
        String script = sessions.open("mia", OperatorRole.MODERATOR, end.minusSeconds(5), Duration.ofMinutes(10));
        String colleague = sessions.open("noor", OperatorRole.MODERATOR, end.minusSeconds(5));
        assertEquals("mia", auth.session(console).orElseThrow().name());
        ended.end(SessionsEnded.OPERATOR, "mia", end);
        assertTrue(auth.session(console).isEmpty());
        assertTrue(auth.session(script).isEmpty());
        assertEquals("noor", auth.session(colleague).orElseThrow().name());
        assertEquals("mia", auth.session(sessions.open("mia", OperatorRole.MODERATOR, end.plusMillis(1))).orElseThrow().name());
    }

    @Test
    void theMachineTokenIsTheBearerTokenConfigured() {
        assertTrue(auth.check("Bearer machine-token").machine());
        assertEquals(401, assertThrows(EnvelopeException.class, () -> auth.check("Bearer other")).httpStatus());
        assertEquals(401, assertThrows(EnvelopeException.class, () -> auth.check(null)).httpStatus());
    }
}
