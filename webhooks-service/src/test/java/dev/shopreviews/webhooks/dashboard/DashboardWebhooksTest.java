package dev.shopreviews.webhooks.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.webhooks.Fixtures;
import dev.shopreviews.webhooks.TestReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop dashboard's webhooks API: the owner's subscriptions, delivery log, redelivery and test events; others refused. */
@QuarkusTest
class DashboardWebhooksTest {
    static final String KEY = "test-dashboard-session-key-0123456789abcdef";
    static final Duration WAIT = Duration.ofSeconds(60);
    static final String CREATED = Topics.REVIEWS_CREATED.name();

    @Test
    void theOwnerSubscribesSeesDeliveriesRedeliversSendsATestAndUnsubscribes() throws Exception {
        try (TestReceiver receiver = new TestReceiver()) {
            Fixtures.Shop shop = Fixtures.webshop();
            String session = session(shop.id());
            String base = base(shop.id());

            JsonPath created = change(session).body(Map.of("url", receiver.url("/hook"), "topic", CREATED))
                    .post(base + "/subscriptions").then().statusCode(200)
                    .body("status", equalTo("success")).body("message", equalTo("Webhook subscription created"))
                    .body("subscription.url", equalTo(receiver.url("/hook"))).body("subscription.topic", equalTo(CREATED))
                    .body("subscription.active", equalTo(true)).extract().jsonPath();
            String secret = created.getString("secret");
            long id = created.getLong("subscription.id");
            assertTrue(secret.length() >= 32);

            String listed = read(session).get(base + "/subscriptions").then().statusCode(200)
                    .body("items", hasSize(1)).body("items[0].id", equalTo((int) id))
                    .body("items[0].failing_since", equalTo(null)).extract().asString();
            assertFalse(listed.contains(secret));
            assertFalse(listed.contains("\"secret\""));

            // A real review event reaches the local receiver and shows in the log.
            String eventId = Fixtures.publishReview(shop, CREATED, 4242, true);
            await().atMost(WAIT).until(() -> receiver.on("/hook").size() == 1);
            await().atMost(WAIT).until(() -> "delivered".equals(read(session).get(base + "/deliveries")
                    .jsonPath().getString("items[0].status")));
            JsonPath log = read(session).get(base + "/deliveries").then().statusCode(200).extract().jsonPath();
            assertEquals(1, log.getList("items").size());
            assertEquals(eventId, log.getString("items[0].event_id"));
            assertEquals(CREATED, log.getString("items[0].topic"));
            assertEquals(receiver.url("/hook"), log.getString("items[0].url"));
            assertEquals(200, log.getInt("items[0].response_code"));
            assertEquals(1, log.getInt("items[0].attempts"));
            assertNotNull(log.getString("items[0].last_attempt"));
            assertNull(log.get("items[0].next_attempt"));
            assertEquals(false, log.getBoolean("items[0].test"));
            assertNull(log.get("next"));
            long delivery = log.getLong("items[0].id");

            // Redeliver: the same event again.
            change(session).post(base + "/deliveries/" + delivery + "/redeliver").then().statusCode(200)
                    .body("message", equalTo("Webhook delivery scheduled for redelivery"))
                    .body("delivery.redelivery_of", equalTo((int) delivery)).body("delivery.event_id", equalTo(eventId))
                    .body("delivery.subscription_id", equalTo((int) id));
            await().atMost(WAIT).until(() -> receiver.on("/hook").size() == 2);
            assertEquals(eventId, receiver.on("/hook").get(1).header("X-Event-Id"));

            // A test event: marked as such, signed with the subscription's secret like a real one.
            JsonPath test = change(session).body(Map.of("topic", CREATED)).post(base + "/test").then().statusCode(200)
                    .body("deliveries", hasSize(1)).extract().jsonPath();
            await().atMost(WAIT).until(() -> receiver.on("/hook").size() == 3);
            TestReceiver.Received sent = receiver.on("/hook").get(2);
            assertEquals(test.getString("event_id"), sent.header("X-Event-Id"));
            assertTrue(sent.header("X-Event-Id").startsWith("test-"));
            assertTrue(sent.text().startsWith("{\"test\":true,"), sent.text());
            assertEquals("false", sent.header("X-Review-Published"));
            assertEquals(hmac(secret, sent.body()), sent.header("X-Hash"));
            await().atMost(WAIT).until(() -> "delivered".equals(read(session).get(base + "/deliveries")
                    .jsonPath().getString("items[0].status")));

            // Three deliveries, newest first, page by page.
            JsonPath first = read(session).queryParam("limit", 2).get(base + "/deliveries").then().statusCode(200).extract().jsonPath();
            assertEquals(2, first.getList("items").size());
            assertEquals(true, first.getBoolean("items[0].test"));
            assertEquals((int) delivery, first.getInt("items[1].redelivery_of"));
            JsonPath second = read(session).queryParam("limit", 2).queryParam("after", first.getString("next"))
                    .get(base + "/deliveries").then().statusCode(200).extract().jsonPath();
            assertEquals(List.of((int) delivery), second.getList("items.id"));
            assertNull(second.get("next"));

            // A topic nobody subscribed to queues nothing.
            change(session).body(Map.of("topic", Topics.REVIEWS_DELETED.name())).post(base + "/test").then().statusCode(200)
                    .body("deliveries", hasSize(0));

            // The spec's rules and messages when subscribing.
            change(session).body(Map.of("url", receiver.url("/x"), "topic", "reviews.published")).post(base + "/subscriptions")
                    .then().statusCode(400).body("message", equalTo("topic must be one of reviews.created, reviews.updated, reviews.deleted."));
            change(session).body(Map.of("topic", CREATED)).post(base + "/subscriptions")
                    .then().statusCode(400).body("message", equalTo("url is required."));
            change(session).body(Map.of("url", "ftp://files.example/hook", "topic", CREATED)).post(base + "/subscriptions")
                    .then().statusCode(400).body("status", equalTo("error"));

            change(session).delete(base + "/subscriptions/" + id).then().statusCode(200)
                    .body("message", equalTo("Webhook subscription deleted"));
            read(session).get(base + "/subscriptions").then().statusCode(200).body("items", hasSize(0));
            read(session).get(base + "/deliveries").then().statusCode(200).body("items", hasSize(0));
            change(session).delete(base + "/subscriptions/" + id).then().statusCode(404).body("message", equalTo("Webhook not found."));
        }
    }

    @Test
    void aFailingSubscriptionSaysSinceWhen() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription failing = Fixtures.subscribe(shop, "http://127.0.0.1:9/failing", CREATED);
        Fixtures.storedDelivery(failing, shop, "pending", "a@example.com", Duration.ofDays(2));
        String session = session(shop.id());
        String since = read(session).get(base(shop.id()) + "/subscriptions").then().statusCode(200)
                .extract().jsonPath().getString("items[0].failing_since");
        assertTrue(Instant.parse(since).isBefore(Instant.now().minus(Duration.ofDays(1))));
        read(session).get(base(shop.id()) + "/deliveries").then().statusCode(200)
                .body("items[0].status", equalTo("pending")).body("items[0].response_code", equalTo(null));
    }

    @Test
    void anotherOwnersSessionFindsNoWebshopAndChangesNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        Fixtures.Subscription hook = Fixtures.subscribe(shop, "http://127.0.0.1:9/hook", CREATED);
        Fixtures.Stored stored = Fixtures.storedDelivery(hook, shop, "dead", "b@example.com", Duration.ofHours(1));
        String base = base(shop.id());
        String stranger = session(other.id());

        read(stranger).get(base + "/subscriptions").then().statusCode(404).body("message", equalTo("Webshop not found."));
        read(stranger).get(base + "/deliveries").then().statusCode(404);
        change(stranger).body(Map.of("url", "http://127.0.0.1:9/evil", "topic", CREATED)).post(base + "/subscriptions")
                .then().statusCode(404);
        change(stranger).delete(base + "/subscriptions/" + hook.id()).then().statusCode(404);
        change(stranger).post(base + "/deliveries/" + stored.id() + "/redeliver").then().statusCode(404);
        change(stranger).body(Map.of("topic", CREATED)).post(base + "/test").then().statusCode(404);
        // Their own shop's paths do not reach another shop's rows either.
        change(stranger).delete(base(other.id()) + "/subscriptions/" + hook.id()).then().statusCode(404)
                .body("message", equalTo("Webhook not found."));
        change(stranger).post(base(other.id()) + "/deliveries/" + stored.id() + "/redeliver").then().statusCode(404);
        read(stranger).get(base(other.id()) + "/deliveries").then().statusCode(200).body("items", hasSize(0));

        assertEquals(1, Db.count("select count(*) from webhook_subscription where webshop_id = ?", shop.id()));
        assertEquals(1, Db.count("select count(*) from webhook_delivery where webshop_id = ?", shop.id()));
        assertEquals(0, Db.count("select count(*) from webhook_subscription where webshop_id = ?", other.id()));
    }

    @Test
    void withoutASessionEverythingIsRefusedAndAChangeNeedsTheDashboardHeader() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription hook = Fixtures.subscribe(shop, "http://127.0.0.1:9/hook", CREATED);
        Fixtures.Stored stored = Fixtures.storedDelivery(hook, shop, "dead", "c@example.com", Duration.ofHours(1));
        String base = base(shop.id());
        given().get(base + "/subscriptions").then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        given().get(base + "/deliveries").then().statusCode(401);
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json")
                .body(Map.of("url", "http://127.0.0.1:9/x", "topic", CREATED)).post(base + "/subscriptions").then().statusCode(401);
        given().header(OwnerSessions.CSRF_HEADER, "1").delete(base + "/subscriptions/" + hook.id()).then().statusCode(401);

        String session = session(shop.id());
        for (RequestSpecification unmarked : List.of(read(session).contentType("application/json")
                        .body(Map.of("url", "http://127.0.0.1:9/x", "topic", CREATED)))) {
            unmarked.post(base + "/subscriptions").then().statusCode(403)
                    .body("message", equalTo("This request must come from the dashboard."));
        }
        read(session).delete(base + "/subscriptions/" + hook.id()).then().statusCode(403);
        read(session).post(base + "/deliveries/" + stored.id() + "/redeliver").then().statusCode(403);
        read(session).contentType("application/json").body(Map.of("topic", CREATED)).post(base + "/test").then().statusCode(403);
        read(session).header(OwnerSessions.CSRF_HEADER, "yes").delete(base + "/subscriptions/" + hook.id()).then().statusCode(403);

        assertEquals(1, Db.count("select count(*) from webhook_subscription where webshop_id = ?", shop.id()));
        assertEquals(1, Db.count("select count(*) from webhook_delivery where webshop_id = ?", shop.id()));
    }

    @Test
    void badInputIsAnsweredWithAnEnvelopeAndChangesNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String base = base(shop.id());
        for (Map<String, String> query : List.of(Map.of("after", "garbage"), Map.of("after", "-1"), Map.of("after", "0"),
                Map.of("limit", "0"), Map.of("limit", "101"), Map.of("limit", "ten"))) {
            read(session).queryParams(query).get(base + "/deliveries").then().statusCode(400).body("status", equalTo("error"));
        }
        for (String body : List.of("{\"url\": ", "[1]", "", "{\"url\":\"http://127.0.0.1:9/<script>\",\"topic\":\"reviews.created\"}",
                "{\"url\":\"http://127.0.0.1:9/a\\u0007b\",\"topic\":\"reviews.created\"}", "{\"url\":42,\"topic\":\"reviews.created\"}")) {
            change(session).body(body).post(base + "/subscriptions").then().statusCode(400).body("status", equalTo("error"));
        }
        change(session).body("{\"url\": ").post(base + "/subscriptions").then().body("message", equalTo("Request body must be a JSON object."));
        change(session).body("not json").post(base + "/test").then().statusCode(400);
        change(session).body("{}").post(base + "/test").then().statusCode(400).body("message", equalTo("topic is required."));
        change(session).body("{\"topic\":\"=cmd|' /C calc'!A0\"}").post(base + "/test").then().statusCode(400)
                .body("message", equalTo("topic must be one of reviews.created, reviews.updated, reviews.deleted."));
        change(session).post(base + "/deliveries/abc/redeliver").then().statusCode(404).body("message", equalTo("Webhook delivery not found."));
        change(session).post(base + "/deliveries/99999999999/redeliver").then().statusCode(404);
        change(session).delete(base + "/subscriptions/abc").then().statusCode(404);
        read(session).get("/dashboard/api/webhooks/webshops/abc/subscriptions").then().statusCode(404);
        assertEquals(0, Db.count("select count(*) from webhook_subscription where webshop_id = ?", shop.id()));
        assertEquals(0, Db.count("select count(*) from webhook_delivery where webshop_id = ?", shop.id()));
    }

    private static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }

    static String session(long webshop) {
        return new OwnerSessions(KEY, new ObjectMapper()).open(ThreadLocalRandom.current().nextLong(1, 1_000_000),
                "owner@example.com", List.of(webshop), Instant.now());
    }

    static String base(long webshop) {
        return "/dashboard/api/webhooks/webshops/" + webshop;
    }

    static RequestSpecification read(String session) {
        return given().cookie(OwnerSessions.COOKIE, session);
    }

    static RequestSpecification change(String session) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }
}
