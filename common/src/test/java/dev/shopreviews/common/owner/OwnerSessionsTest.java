package dev.shopreviews.common.owner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.session.EndedSessions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One dashboard session ends on its own (by its id), the owner's others and cookies from before ids go on. */
class OwnerSessionsTest {
    static final String KEY = "owner-sessions-test-key-0123456789abcdef";
    final ObjectMapper mapper = new ObjectMapper();
    final OwnerSessions sessions = new OwnerSessions(KEY, mapper);
    final EndedSessions ended = new EndedSessions();

    @Test
    void endingOneSessionRefusesItsCookieOnlyAndTheOwnersOtherSessionGoesOn() {
        Instant opened = Instant.now().minusSeconds(5);
        String laptop = OwnerSessions.newSessionId();
        String phone = OwnerSessions.newSessionId();
        String laptopCookie = sessions.open(7, "o@example.com", List.of(11L), opened, laptop);
        String phoneCookie = sessions.open(7, "o@example.com", List.of(11L), opened, phone);
        assertEquals(Optional.of(laptop), sessions.verify(laptopCookie, Instant.now(), ended).map(Owner::sessionId));

        ended.end(SessionsEnded.OWNER_SESSION, laptop, Instant.now());

        assertTrue(sessions.verify(laptopCookie, Instant.now(), ended).isEmpty());
        assertEquals(Optional.of(phone), sessions.verify(phoneCookie, Instant.now(), ended).map(Owner::sessionId));
    }

    @Test
    void aSessionEndedWithAnEarlierClockIsStillOver() {
        // Another instance's clock may be behind the one that opened the session: any end of the id counts.
        Instant opened = Instant.now();
        String id = OwnerSessions.newSessionId();
        String cookie = sessions.open(7, "o@example.com", List.of(11L), opened, id);
        ended.end(SessionsEnded.OWNER_SESSION, id, opened.minusSeconds(30));
        assertTrue(sessions.verify(cookie, Instant.now(), ended).isEmpty());
    }

    @Test
    void aCookieFromBeforeSessionIdsWorksUntilItsAccountsSessionsEnd() {
        Instant opened = Instant.now().minusSeconds(5);
        String old = new SignedTokens(KEY, mapper).sign(Map.of("owner", 7, "email", "o@example.com",
                "webshops", List.of(11), "expires_at", opened.plus(OwnerSessions.LIFETIME).getEpochSecond(),
                "opened_at", opened.toEpochMilli()));
        ended.end(SessionsEnded.OWNER_SESSION, OwnerSessions.newSessionId(), Instant.now());
        Optional<Owner> owner = sessions.verify(old, Instant.now(), ended);
        assertEquals(7, owner.orElseThrow().id());
        assertEquals(null, owner.get().sessionId());

        ended.end(SessionsEnded.OWNER, "7", Instant.now());
        assertTrue(sessions.verify(old, Instant.now(), ended).isEmpty());
    }

    @Test
    void everySessionGetsItsOwnUnguessableId() {
        String first = OwnerSessions.newSessionId();
        assertEquals(32, first.length());
        assertNotEquals(first, OwnerSessions.newSessionId());
        String cookie = sessions.open(7, "o@example.com", List.of(11L), Instant.now());
        String other = sessions.open(7, "o@example.com", List.of(11L), Instant.now());
        assertNotEquals(sessions.verify(cookie, Instant.now()).orElseThrow().sessionId(),
                sessions.verify(other, Instant.now()).orElseThrow().sessionId());
    }
}
