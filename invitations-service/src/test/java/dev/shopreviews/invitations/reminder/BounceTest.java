package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounces (issue 28): a mail server that refuses the recipient for good during the send (5xx at RCPT TO or after
 * DATA) makes the invitation failed with the server's reason at once (no retries), shown to the shop and never
 * reminded; a temporary refusal (4xx) is retried as before. The local GreenMail accepts every address (its RCPT TO
 * never answers 5xx), so the test talks SMTP over TCP to a small refusing server ({@link RefusingSmtpProfile}).
 */
@QuarkusTest
@TestProfile(RefusingSmtpProfile.class)
class BounceTest {

    @Test
    void aRecipientTheMailServerRefusesIsRecordedAsFailedWithTheServersReasonAtOnceAndNeverReminded() {
        Fixtures.Shop shop = Reminders.shopWithReminders(1);
        String refused = "refused-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        String refusedAtData = "refused-data-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        String later = "later-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        for (String email : new String[]{refused, refusedAtData, later}) {
            assertEquals("Invitation successfully added to queue!", Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order())));
        }
        for (String email : new String[]{refused, refusedAtData}) {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> Db.count(
                    "select count(*) from invitation where email = ? and state = 'failed'", email) == 1);
            assertEquals(1, Db.count("select attempts from invitation where email = ?", email), "not retried: the refusal is final");
            assertEquals(1, Db.count("select count(*) from invitation where email = ? and sent_at is null and reminder_due_at is null", email));
        }
        Map<String, Object> item = Reminders.item(shop, refused);
        assertEquals("failed", item.get("status"));
        assertTrue(((String) item.get("failure_reason")).startsWith("Refused by the mail server: 550 5.1.1"), item.toString());
        assertTrue(((String) item.get("failure_reason")).contains("mailbox unavailable"), item.toString());
        assertEquals(false, ((Map<?, ?>) item.get("datetimes")).get("sent"), "the spec's fields as before");
        String atData = (String) Reminders.item(shop, refusedAtData).get("failure_reason");
        assertTrue(atData.startsWith("Refused by the mail server: 554 5.6.0"), atData);

        // A temporary refusal is an attempt that failed: retried (test config: 3 attempts), not a bounce.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and attempts >= 2", later) == 1);

        // A failed invitation never gets a reminder, even when one is made due.
        Db.update("update invitation set reminder_due_at = now() - interval '1 minute' where email = ?", refused);
        String control = Fixtures.email();
        Fixtures.add(shop, Map.of("email", control, "order", Fixtures.order()));
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and state = 'sent'", control) == 1);
        Reminders.dueNow(control, 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and reminded_at is not null", control) == 1);
        assertEquals(0, Db.count("select count(*) from invitation where email = ? and reminded_at is not null", refused));
        assertEquals(1, Db.count("select count(*) from invitation where email = ? and state = 'failed'", refused));
    }
}
