package dev.shopreviews.webhooks;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Webshops arrive as snapshots on the real broker (as partner-service publishes them); reviews as review events. */
public final class Fixtures {

    public record Shop(long id, String code) {
    }

    public record Subscription(long id, String secret) {
    }

    private Fixtures() {
    }

    public static Shop webshop() {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000L);
        String code = Codes.random(16);
        String snapshot = """
                {"event_id":"%s","type":"webshop.snapshot","occurred_at":"%s","webshop_id":%d,"version":1,
                 "api_code_hash":"%s","public_code":"pub%d","name":"Hook Shop","url":"https://hooks-%d.example/",
                 "main_language":"nl","languages":["nl","en"],"reply_access":false,"active":true,"domains":[],
                 "created":"%s"}""".formatted(UUID.randomUUID(), Instant.now(), id, Codes.sha256Hex(code), id, id, Instant.now());
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(id), snapshot);
        await().atMost(Duration.ofSeconds(60)).until(() -> given().queryParam("id", id).queryParam("code", code)
                .get("/api/1.0/webhooks/list.json").statusCode() == 200);
        return new Shop(id, code);
    }

    public static JsonPath subscribeRaw(Shop shop, String url, String topic, boolean active) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON)
                .body("{\"url\":\"" + url + "\",\"topic\":\"" + topic + "\",\"is_active\":" + active + "}")
                .post("/api/1.0/webhook.json").then().statusCode(200).extract().jsonPath();
    }

    public static Subscription subscribe(Shop shop, String url, String topic) {
        JsonPath created = subscribeRaw(shop, url, topic, true);
        return new Subscription(created.getLong("data.webhook_id"), created.getString("data.secret"));
    }

    /** The ratings.json item of a review, compact and in the spec's field order (what a webhook body must be). */
    public static String ratingItem(long reviewId, boolean quarantine) {
        return ("{\"id\":%d,\"name\":\"Jan de Vries\",\"email\":\"jan@example.com\",\"order_number\":\"ORD-%d\",\"rating\":5,"
                + "\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":4,\"aftersale\":3},"
                + "\"comment\":\"Snel geleverd én goed verpakt\",\"date\":\"2024-05-01\",\"country\":\"NL\",\"language\":\"nl\","
                + "\"created\":\"2024-05-01 10:00:00\",\"read\":false,\"quarantine\":%s,\"verified\":true,\"reaction\":\"\"}")
                .formatted(reviewId, reviewId, quarantine);
    }

    /** Publishes a review event on the real broker; answers its event id. */
    public static String publishReview(Shop shop, String topic, long reviewId, boolean published) {
        String eventId = UUID.randomUUID().toString();
        KafkaTestClient.send(topic, String.valueOf(shop.id()), reviewEvent(eventId, shop, topic, reviewId, published));
        return eventId;
    }

    public static String reviewEvent(String eventId, Shop shop, String topic, long reviewId, boolean published) {
        return "{\"event_id\":\"%s\",\"type\":\"%s\",\"occurred_at\":\"%s\",\"webshop_id\":%d,\"published\":%s,\"review\":%s}"
                .formatted(eventId, topic, Instant.now(), shop.id(), published, ratingItem(reviewId, !published));
    }

    /**
     * A delivery as the consumer stores it, written straight into the table (state and age chosen by the test; a
     * pending or in-flight one is not due for days, so the worker leaves it alone). Answers its event id.
     */
    public record Stored(String eventId, long id) {
    }

    public static Stored storedDelivery(Subscription subscription, Shop shop, String state, String email, Duration age) {
        String eventId = UUID.randomUUID().toString();
        String payload = ratingItem(ThreadLocalRandom.current().nextLong(1, 1_000_000_000L), false)
                .replace("\"jan@example.com\"", "\"" + email + "\"");
        dev.shopreviews.common.testing.Db.update("""
                insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published, state,
                    attempts, next_attempt_at, lease_until, created_at, email_hash)
                values (?, ?, ?, 'reviews.created', 'hooks.invalid:443', ?, true, ?, 1, now() + interval '3 days',
                    now() + interval '3 days', now() - cast(? as interval), ?)""",
                subscription.id(), shop.id(), eventId, payload, state, age.toSeconds() + " seconds",
                dev.shopreviews.common.privacy.EmailHash.of(email));
        dev.shopreviews.common.testing.Db.update("""
                insert into webhook_attempt (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
                select id, 1, now(), 503, 12, 'HTTP 503' from webhook_delivery where event_id = ?""", eventId);
        return new Stored(eventId, dev.shopreviews.common.testing.Db.count("select id from webhook_delivery where event_id = ?", eventId));
    }

    /** Whether the delivery is still stored, and how many attempts of it. */
    public static boolean exists(Stored delivery) {
        return dev.shopreviews.common.testing.Db.count("select count(*) from webhook_delivery where id = ?", delivery.id()) == 1;
    }

    public static long attempts(Stored delivery) {
        return dev.shopreviews.common.testing.Db.count("select count(*) from webhook_attempt where delivery_id = ?", delivery.id());
    }

    public static JsonPath deliveries(Shop shop, long webhookId) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .get("/api/1.0/webhooks/" + webhookId + "/deliveries.json").then().statusCode(200).extract().jsonPath();
    }
}
