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
        assertEquals("mia", auth.reader(console).name());
        ended.end(SessionsEnded.OPERATOR, "mia", end);
        assertEquals(401, assertThrows(EnvelopeException.class, () -> auth.reader(console)).httpStatus());
        assertEquals(401, assertThrows(EnvelopeException.class, () -> auth.reader(script)).httpStatus());
        assertEquals("noor", auth.reader(colleague).name());
        assertEquals("mia", auth.reader(sessions.open("mia", OperatorRole.MODERATOR, end.plusMillis(1))).name());
    }
}
