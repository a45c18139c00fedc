package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bounces (issue 28): the real SMTP sink refuses a recipient during the send (GreenMail answers RCPT TO of an address
 * that its mail parser refuses, here a local part with two dots, with the permanent "501 Malformed email address"), and
 * the invitation is recorded as failed with that reason at once (no retries), shown to the shop, never reminded.
 */
@QuarkusTest
class BounceTest {

    @Test
    void aRecipientTheMailServerRefusesIsRecordedAsFailedWithTheServersReasonAtOnceAndNeverReminded() {
        Fixtures.Shop shop = Reminders.shopWithReminders(1);
        String refused = "bounce.." + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        assertEquals("Invitation successfully added to queue!", Fixtures.add(shop, Map.of("email", refused, "order", Fixtures.order())));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and state = 'failed'", refused) == 1);
        assertEquals(1, Db.count("select attempts from invitation where email = ?", refused), "not retried: the refusal is final");
        assertEquals(1, Db.count("""
                select count(*) from invitation where email = ? and last_error like 'Refused by the mail server: 501%'
                    and sent_at is null and reminder_due_at is null""", refused));

        Map<String, Object> item = Reminders.item(shop, refused);
        assertEquals("failed", item.get("status"));
        assertTrue(((String) item.get("failure_reason")).startsWith("Refused by the mail server: 501"), item.toString());
        assertEquals(false, ((Map<?, ?>) item.get("datetimes")).get("sent"), "the spec's fields as before");

        // A failed invitation never gets a reminder, even when one is made due.
        Db.update("update invitation set reminder_due_at = now() - interval '1 minute' where email = ?", refused);
        Reminders.awaitControlReminder(shop);
        assertEquals(0, Db.count("select count(*) from invitation where email = ? and reminded_at is not null", refused));
        assertEquals(0, Mailbox.messages(refused).size());
    }
}
