package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One reminder per invitation after the shop's days when no review came (issue 28): off by default, never after an
 * opt-out, a review (through the link or in the pop-up) or an erasure, never a second one; sent by the sender over
 * the real SMTP sink with its own text.
 */
@QuarkusTest
class ReminderTest {

    @Test
    void aShopWithRemindersGetsExactlyOneReminderAfterItsDaysWithItsOwnTextAndTheStatusSaysReminded() {
        Fixtures.Shop shop = Reminders.shopWithReminders(3);
        String email = Reminders.sent(shop, Fixtures.order());
        assertEquals(1, Db.count("""
                select count(*) from invitation where email = ? and reminded_at is null
                    and reminder_due_at = sent_at + interval '3 days'""", email), "due 3 days after sending");
        assertEquals("sent", Reminders.item(shop, email).get("status"));

        Reminders.dueNow(email, 0);
        List<Mailbox.Mail> mails = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> Mailbox.messages(email), list -> list.size() == 2);
        Mailbox.Mail reminder = mails.get(1);
        assertEquals("Reminder: how was your order at " + shop.name() + "?", reminder.subject());
        assertTrue(reminder.text().contains("You recently ordered at " + shop.name()), reminder.text());
        assertTrue(reminder.text().contains("Hello Robin,"), reminder.text());
        String link = reminder.link("/embed/review").orElseThrow();
        assertNotEquals(mails.get(0).link("/embed/review").orElseThrow(), link, "a new link reference of its own");
        assertTrue(reminder.header("List-Unsubscribe").isPresent());
        await().atMost(Duration.ofSeconds(10)).until(() -> Reminders.item(shop, email).get("reminded") != null);
        Map<String, Object> item = Reminders.item(shop, email);
        assertEquals("reminded", item.get("status"));
        assertNull(item.get("failure_reason"));
        assertEquals(2, Db.count("select count(*) from review_link where invitation_id = ?", Reminders.invitationId(email)));

        // Never a second one, even when something made it due again.
        Reminders.dueNow(email, 60);
        Reminders.awaitControlReminder(shop);
        assertEquals(2, Mailbox.messages(email).size(), "exactly one reminder");
    }

    @Test
    void remindersAreOffByDefault() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Reminders.sent(shop, Fixtures.order());
        assertEquals(1, Db.count("select count(*) from invitation where email = ? and reminder_due_at is null", email));
    }

    @Test
    void noReminderAfterTheCustomerOptedOut() {
        Fixtures.Shop shop = Reminders.shopWithReminders(2);
        String email = Reminders.sent(shop, Fixtures.order());
        URI optOut = URI.create(Mailbox.awaitOne(email).link("/invitations/optout").orElseThrow());
        given().contentType("application/x-www-form-urlencoded").formParam("ref", optOut.getQuery().substring("ref=".length()))
                .post("/invitations/optout").then().statusCode(200);

        Reminders.dueNow(email, 60);
        Reminders.awaitControlReminder(shop);
        assertEquals(1, Mailbox.messages(email).size(), "no reminder after the opt-out");
        assertEquals(1, Db.count("select count(*) from invitation where email = ? and reminder_due_at is null and reminded_at is null", email));
    }

    @Test
    void noReminderAfterAReviewThroughTheInvitationsLinkAndTheStatusSaysReviewed() {
        Fixtures.Shop shop = Reminders.shopWithReminders(2);
        String email = Reminders.sent(shop, Fixtures.order());
        long id = Reminders.invitationId(email);
        Reminders.reviewCreated(shop.id() + 1, id);  // another shop's event cannot mark it
        Reminders.reviewCreated(shop.id(), null);     // a review without an invitation changes nothing
        Reminders.reviewCreated(shop.id(), id);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from invitation where id = ? and reviewed_at is not null", id) == 1);
        assertEquals("reviewed", Reminders.item(shop, email).get("status"));

        Reminders.dueNow(email, 60);
        Reminders.awaitControlReminder(shop);
        assertEquals(1, Mailbox.messages(email).size(), "no reminder after the review");
    }

    @Test
    void noReminderAfterAReviewWrittenInThePopUpAfterTheInvitationWasSent() {
        Fixtures.Shop shop = Reminders.shopWithReminders(2);
        String order = Fixtures.order();
        String email = Reminders.sent(shop, order);
        Fixtures.consent(shop, order, "review_written", 0, email);
        Fixtures.awaitConsent(shop, order);
        assertEquals("reviewed", Reminders.item(shop, email).get("status"));

        Reminders.dueNow(email, 60);
        Reminders.awaitControlReminder(shop);
        assertEquals(1, Mailbox.messages(email).size(), "no reminder after the pop-up review");
        assertEquals(1, Db.count("select count(*) from invitation where email = ? and reminder_due_at is null and reminded_at is null", email));
    }

    @Test
    void anErasedCustomerGetsNoReminder() {
        Fixtures.Shop shop = Reminders.shopWithReminders(2);
        String email = Reminders.sent(shop, Fixtures.order());
        assertEquals(1, Db.count("select count(*) from invitation where email = ? and reminder_due_at is not null", email));
        shop.auth().contentType("application/json").body(Map.of("email", email)).post("/api/1.0/customer_erasure.json")
                .then().statusCode(200);
        // The erasure deletes the invitation with its pending reminder and opts the address out.
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count("select count(*) from invitation where email = ?", email) == 0);
        Reminders.awaitControlReminder(shop);
        assertEquals(1, Mailbox.messages(email).size(), "no reminder after the erasure");
    }

    @Test
    void switchingRemindersOffStopsTheOnesNotSentYet() {
        Fixtures.Shop shop = Reminders.shopWithReminders(2);
        String email = Reminders.sent(shop, Fixtures.order());
        Owners.change(Owners.session(shop.id())).body(Map.of("default_delay", 0, "reminder_days", 0))
                .put(Owners.base(shop.id()) + "/settings")
                .then().statusCode(200);
        Reminders.dueNow(email, 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and reminder_due_at is null", email) == 1);
        assertEquals(1, Mailbox.messages(email).size());
        assertEquals("sent", Reminders.item(shop, email).get("status"));
    }
}
