package dev.shopreviews.common.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.session.EndedSessions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OwnerAuthTest {
    static final String KEY = "owner-auth-test-key-0123456789abcdef0123";
    final ObjectMapper mapper = new ObjectMapper();
    final EndedSessions ended = new EndedSessions();
    final OwnerAuth auth = new OwnerAuth(Optional.of(KEY), mapper, ended);
    final String session = new OwnerSessions(KEY, mapper).open(7, "owner@example.com", List.of(11L, 12L), Instant.now());

    @Test
    void aSessionNamesItsOwnerAndOnlyItsWebshops() {
        Owner owner = auth.session(session).orElseThrow();
        assertEquals(7, owner.id());
        assertEquals("owner:7", owner.actor());
        assertTrue(owner.manages(11) && owner.manages(12));
        assertFalse(owner.manages(13));
    }

    @Test
    void anOpenEndpointsChangeWithoutTheDashboardHeaderIsRefused() {
        assertEquals(403, assertThrows(EnvelopeException.class, () -> OwnerAuth.requireDashboardRequest(null)).httpStatus());
        OwnerAuth.requireDashboardRequest("1");
    }

    @Test
    void forgedExpiredOrForeignSessionsAndAMissingKeyGetSignInAgain() {
        String forged = session.substring(0, session.length() - 2) + (session.endsWith("A") ? "BB" : "AA");
        String expired = new OwnerSessions(KEY, mapper).open(7, "o@example.com", List.of(11L),
                Instant.now().minus(OwnerSessions.LIFETIME).minus(Duration.ofSeconds(1)));
        String otherKey = new OwnerSessions(KEY + "x", mapper).open(7, "o@example.com", List.of(11L), Instant.now());
        for (String cookie : new String[] {forged, expired, otherKey, null, "", "not.a-token"}) {
            assertTrue(auth.session(cookie).isEmpty(), String.valueOf(cookie));
        }
        OwnerAuth unconfigured = new OwnerAuth(Optional.empty(), mapper, ended);
        assertTrue(unconfigured.session(session).isEmpty());
    }

    @Test
    void endingAnOwnersSessionsRefusesEveryCookieOpenedBeforeAndAcceptsTheNextSignIn() {
        Instant end = Instant.now();
        String before = new OwnerSessions(KEY, mapper).open(7, "o@example.com", List.of(11L), end.minusMillis(1));
        String atTheEnd = new OwnerSessions(KEY, mapper).open(7, "o@example.com", List.of(11L), end);
        String otherOwner = new OwnerSessions(KEY, mapper).open(8, "p@example.com", List.of(11L), end.minusMillis(1));
        ended.end(SessionsEnded.OWNER, "7", end);
        assertTrue(auth.session(before).isEmpty());
        assertTrue(auth.session(atTheEnd).isEmpty());
        assertEquals(8, auth.session(otherOwner).orElseThrow().id());
        String after = new OwnerSessions(KEY, mapper).open(7, "o@example.com", List.of(11L), end.plusMillis(1));
        assertEquals(7, auth.session(after).orElseThrow().id());
        // An older end arriving late changes nothing.
        ended.end(SessionsEnded.OWNER, "7", end.minusSeconds(60));
        assertEquals(7, auth.session(after).orElseThrow().id());
    }
}
