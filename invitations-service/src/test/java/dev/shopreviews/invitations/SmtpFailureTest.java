package dev.shopreviews.invitations;

import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.invitation.repository.InvitationState;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SMTP down: attempts are retried with backoff, counted, and after the last one the invitation is kept as failed. */
@QuarkusTest
@TestProfile(BrokenSmtpProfile.class)
class SmtpFailureTest {

    @Inject
    InvitationRepository invitations;

    @Inject
    MeterRegistry registry;

    @Test
    void failedSendsAreRetriedWithBackoffThenMarkedFailedAndCounted() {
        double failuresBefore = registry.counter("invitations.mail.sends", "outcome", "failed").count();
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));

        Invitation retrying = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> load(email), i -> i.state == InvitationState.retrying);
        assertEquals(1, retrying.attempts);
        assertNotNull(retrying.lastError, "the SMTP error is kept");
        assertTrue(retrying.nextAttemptAt.isAfter(retrying.scheduledAt), "the retry waits (backoff)");

        // test config: 3 attempts
        Invitation failed = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> load(email), i -> i.state == InvitationState.failed);
        assertEquals(3, failed.attempts);
        assertNotNull(failed.lastError);
        assertTrue(registry.counter("invitations.mail.sends", "outcome", "failed").count() - failuresBefore >= 3, "each failed attempt is counted");
        assertTrue(registry.counter("invitations.mail.given.up").count() >= 1, "giving up is counted");
        assertEquals(false, InvitationMailTest.datetimes(shop, email).get("sent"), "still listed, not sent");
    }

    private Invitation load(String email) throws Exception {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() ->
                    invitations.find("email", email).firstResult()));
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
