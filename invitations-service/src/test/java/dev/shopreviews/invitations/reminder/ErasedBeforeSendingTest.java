package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.links.service.LinkIssuer;
import dev.shopreviews.invitations.sending.service.MailJob;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An erasure applied between the sender's claim and the e-mail (the invitation row is gone) stops that e-mail, an
 * invitation or a reminder alike: its link is never issued, so nothing is mailed (the sender records a failed attempt
 * of a row that no longer exists).
 */
@QuarkusTest
class ErasedBeforeSendingTest {

    @Inject
    LinkIssuer issuer;

    @Test
    void noLinkAndSoNoMailIsIssuedForAnInvitationErasedSinceItsClaim() {
        long erased = 987_654_321_012L;
        MailJob job = new MailJob(erased, 42, "Shop", "en", "erased@example.com", "", "en", "A-1", List.of(), 1,
                null, null, true, "en", null);
        Throwable failure = assertThrows(Throwable.class, () -> VertxContextSupport.subscribeAndAwait(() ->
                issuer.issue(job, "en", Instant.now())));
        StringBuilder causes = new StringBuilder();
        for (Throwable cause = failure; cause != null && causes.length() < 2000; cause = cause.getCause()) {
            causes.append(cause).append(" / ");
        }
        assertTrue(causes.toString().contains("no longer exists"), causes.toString());
        assertEquals(0, Db.count("select count(*) from review_link where invitation_id = ?", erased));
        assertEquals(0, Db.count("select count(*) from outbox_event where topic = 'review-links' and event_key = ?", String.valueOf(erased)));
    }
}
