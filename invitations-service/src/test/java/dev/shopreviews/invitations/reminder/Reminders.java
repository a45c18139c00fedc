package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import io.restassured.path.json.JsonPath;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.shopreviews.invitations.Owners.base;
import static dev.shopreviews.invitations.Owners.change;
import static dev.shopreviews.invitations.Owners.session;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

/** Shops with reminders on, sent invitations, and the moves that make a reminder due or stop it. */
final class Reminders {
    private Reminders() {
    }

    /** A webshop (English) whose owner set reminders after {@code days} days. */
    static Fixtures.Shop shopWithReminders(int days) {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        change(session(shop.id())).body(Map.of("default_delay", 0, "reminder_days", days))
                .put(base(shop.id()) + "/settings").then().statusCode(200).body("reminder_days", equalTo(days));
        return shop;
    }

    /** Adds an invitation and waits until its e-mail arrived and it is marked sent; answers the address. */
    static String sent(Fixtures.Shop shop, String order) {
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", order, "customer_name", "Robin"));
        Mailbox.awaitOne(email);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from invitation where email = ? and state = 'sent'", email) == 1);
        return email;
    }

    /** As if the reminder's days had passed: due {@code secondsAgo} seconds ago (claims go by due time). */
    static void dueNow(String email, int secondsAgo) {
        Db.update("update invitation set reminder_due_at = now() - make_interval(secs => ?) where email = ?", secondsAgo, email);
    }

    /**
     * A second invitation of the shop whose reminder is made due after the others: once its reminder arrived, every
     * reminder due before it was decided.
     */
    static void awaitControlReminder(Fixtures.Shop shop) {
        String control = sent(shop, "CONTROL-" + UUID.randomUUID());
        dueNow(control, 0);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> Mailbox.messages(control).size() == 2);
    }

    static long invitationId(String email) {
        return Db.count("select id from invitation where email = ?", email);
    }

    /** The item of {@code email} in GET /api/1.0/invitations.json. */
    static Map<String, Object> item(Fixtures.Shop shop, String email) {
        JsonPath page = shop.auth().queryParam("order", 100).get("/api/1.0/invitations.json")
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> items = page.getList("invitations");
        return items.stream().filter(i -> email.equals(i.get("email"))).findFirst().orElseThrow();
    }

    /** A reviews.created event of ratings-service for a review written through {@code invitationId}'s link. */
    static void reviewCreated(long webshopId, Long invitationId) {
        String json = """
                {"event_id":"%s","type":"reviews.created","occurred_at":"%s","webshop_id":%d,"published":true,
                 "review":{"id":%d,"name":"Robin","email":"robin@example.com","order_number":"A-1","rating":5,
                  "ratings":{"shippingtime":5,"customerservice":4,"pricequality":4,"aftersale":3},"comment":"Fine",
                  "date":"2026-11-26","country":"NL","language":"en","created":"2026-11-26 10:00:00","read":false,
                  "quarantine":false,"verified":true,"reaction":""},"invitation_id":%s,"hidden_reason":null}
                """.formatted(UUID.randomUUID(), Instant.now(), webshopId, Math.abs(UUID.randomUUID().getLeastSignificantBits() % 1_000_000_000L),
                invitationId == null ? "null" : invitationId.toString());
        KafkaTestClient.send("reviews.created", String.valueOf(webshopId), json);
    }
}
