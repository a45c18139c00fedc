package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Review events from the real broker delivered to a real HTTP receiver on 127.0.0.1. */
@QuarkusTest
class WebhookDeliveryTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Inject
    MeterRegistry registry;

    private TestReceiver receiver;
    private Fixtures.Shop shop;

    @BeforeEach
    void start() throws Exception {
        receiver = new TestReceiver();
        shop = Fixtures.webshop();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void theDeliveryCarriesTheTraceContextOfItsReviewEvent() {
        Fixtures.subscribe(shop, receiver.url("/traced"), Topics.REVIEWS_CREATED.name());
        String eventId = UUID.randomUUID().toString();
        String traceparent = "00-" + UUID.randomUUID().toString().replace("-", "") + "-00f067aa0ba902b7-01";
        KafkaTestClient.send(Topics.REVIEWS_CREATED.name(), String.valueOf(shop.id()),
                Fixtures.reviewEvent(eventId, shop, Topics.REVIEWS_CREATED.name(), 4712, true), java.util.Map.of("traceparent", traceparent));

        await().atMost(WAIT).until(() -> receiver.on("/traced").size() == 1);
        assertEquals(traceparent, receiver.on("/traced").get(0).header("traceparent"));
    }

    @Test
    void aReviewCreatedOnTheBrokerArrivesSignedWithTheRatingsItemAsBody() throws Exception {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/created"), Topics.REVIEWS_CREATED.name());
        String eventId = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 4711, true);

        await().atMost(WAIT).until(() -> receiver.on("/created").size() == 1);
        TestReceiver.Received request = receiver.on("/created").get(0);
        assertEquals("POST", request.method());
        assertEquals(Fixtures.ratingItem(4711, false), request.text());
        assertEquals("application/json", request.header("Content-Type"));
        assertEquals(Hmac.hex(hook.secret(), request.body()), request.header("X-Hash"));
        assertEquals(Topics.REVIEWS_CREATED.name(), request.header("X-Topic"));
        assertEquals(eventId, request.header("X-Event-Id"));
        assertTrue(request.header("X-Timestamp").matches("[0-9]{10}"));
        assertEquals(Hmac.timestamped(hook.secret(), request.header("X-Timestamp"), request.body()), request.header("X-Timestamp-Hash"));
        assertEquals(String.valueOf(hook.id()), request.header("X-Webhook-Id"));
        assertEquals("1", request.header("X-Delivery-Attempt"));
        assertEquals("true", request.header("X-Review-Published"));

        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        assertEquals("success", log.getString("status"));
        assertEquals("Webhook deliveries successfully retrieved!", log.getString("message"));
        assertEquals(eventId, log.getString("deliveries[0].event_id"));
        assertEquals(1, log.getInt("deliveries[0].attempts"));
        assertEquals(200, log.getInt("deliveries[0].status_code"));
        assertTrue(log.getInt("deliveries[0].latency_ms") >= 0);
        assertNull(log.get("deliveries[0].error"));
        assertNull(log.get("deliveries[0].next_attempt"));
        assertEquals(request.header("X-Delivery-Id"), log.getString("deliveries[0].delivery_id"));
    }

    @Test
    void aSignatureMadeWithAnotherSecretDoesNotMatch() throws Exception {
        Fixtures.Subscription first = Fixtures.subscribe(shop, receiver.url("/one"), Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription second = Fixtures.subscribe(shop, receiver.url("/two"), Topics.REVIEWS_CREATED.name());
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 12, true);
        await().atMost(WAIT).until(() -> receiver.on("/one").size() == 1 && receiver.on("/two").size() == 1);
        TestReceiver.Received one = receiver.on("/one").get(0);
        TestReceiver.Received two = receiver.on("/two").get(0);
        assertEquals(one.text(), two.text());
        assertEquals(Hmac.hex(first.secret(), one.body()), one.header("X-Hash"));
        assertEquals(Hmac.hex(second.secret(), two.body()), two.header("X-Hash"));
        assertTrue(!one.header("X-Hash").equals(two.header("X-Hash")));
    }

    @Test
    void aFailedDeliveryIsRetriedWithTheSameEventIdUntilTheReceiverAccepts() {
        receiver.script("/flaky", 200, 500);
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/flaky"), Topics.REVIEWS_CREATED.name());
        String eventId = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 88, true);

        await().atMost(WAIT).until(() -> receiver.on("/flaky").size() == 2);
        List<TestReceiver.Received> requests = receiver.on("/flaky");
        assertEquals(eventId, requests.get(0).header("X-Event-Id"));
        assertEquals(eventId, requests.get(1).header("X-Event-Id"));
        assertEquals(requests.get(0).text(), requests.get(1).text());
        assertEquals(requests.get(0).header("X-Delivery-Id"), requests.get(1).header("X-Delivery-Id"));
        assertEquals(List.of("1", "2"), requests.stream().map(r -> r.header("X-Delivery-Attempt")).toList());

        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        assertEquals(2, log.getInt("deliveries[0].attempts"));
        assertEquals(List.of(500, 200), log.getList("deliveries[0].attempt_log.status_code"));
        assertEquals("HTTP 500", log.getString("deliveries[0].attempt_log[0].error"));
        assertNull(log.get("deliveries[0].attempt_log[1].error"));
    }

    @Test
    void anInactiveSubscriptionGetsNothing() {
        long inactive = Fixtures.subscribeRaw(shop, receiver.url("/inactive"), Topics.REVIEWS_UPDATED.name(), false).getLong("data.webhook_id");
        long deactivated = Fixtures.subscribe(shop, receiver.url("/deactivated"), Topics.REVIEWS_UPDATED.name()).id();
        given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .post("/api/1.0/webhooks/" + deactivated + "/deactivate.json").then().statusCode(200);
        Fixtures.subscribe(shop, receiver.url("/witness"), Topics.REVIEWS_UPDATED.name());

        Fixtures.publishReview(shop, Topics.REVIEWS_UPDATED.name(), 5, true);
        // The witness's delivery was queued in the same transaction as any delivery of the other two would have been.
        await().atMost(WAIT).until(() -> receiver.on("/witness").size() == 1);
        assertEquals(0, receiver.on("/inactive").size());
        assertEquals(0, receiver.on("/deactivated").size());
        assertEquals(0, Fixtures.deliveries(shop, inactive).getList("deliveries").size());
        assertEquals(0, Fixtures.deliveries(shop, deactivated).getList("deliveries").size());
    }

    @Test
    void aDeliveryThatKeepsFailingBecomesDeadAndCanBeRedelivered() {
        receiver.script("/down", 503);
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/down"), Topics.REVIEWS_CREATED.name());
        double deadBefore = registry.counter("webhooks.deliveries", "outcome", "dead").count();
        String eventId = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 99, true);

        await().atMost(WAIT).until(() -> "dead".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        // %test retry delays: 0.2s, 0.4s, 0.8s, so 4 attempts.
        assertEquals(4, log.getInt("deliveries[0].attempts"));
        assertEquals(4, receiver.on("/down").size());
        assertEquals(List.of(503, 503, 503, 503), log.getList("deliveries[0].attempt_log.status_code"));
        assertEquals("HTTP 503", log.getString("deliveries[0].error"));
        assertNull(log.get("deliveries[0].next_attempt"));
        assertTrue(registry.counter("webhooks.deliveries", "outcome", "dead").count() >= deadBefore + 1);

        receiver.script("/down", 200);
        long deadId = log.getLong("deliveries[0].delivery_id");
        JsonPath redelivery = given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .post("/api/1.0/webhooks/deliveries/" + deadId + "/redeliver.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webhook delivery scheduled for redelivery"))
                .extract().jsonPath();
        assertEquals(deadId, redelivery.getLong("data.redelivery_of"));
        assertEquals(eventId, redelivery.getString("data.event_id"));
        assertEquals(hook.id(), redelivery.getLong("data.webhook_id"));

        await().atMost(WAIT).until(() -> receiver.on("/down").size() == 5);
        assertEquals(eventId, receiver.on("/down").get(4).header("X-Event-Id"));
        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        assertEquals(deadId, Fixtures.deliveries(shop, hook.id()).getLong("deliveries[0].redelivery_of"));
    }

    @Test
    void aRedirectIsAFailureAndIsNeverFollowed() {
        receiver.script("/moved", 302);
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/moved"), Topics.REVIEWS_CREATED.name());
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 7, true);

        await().atMost(WAIT).until(() -> "dead".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        assertEquals("redirect (HTTP 302) not followed", log.getString("deliveries[0].error"));
        assertEquals(302, log.getInt("deliveries[0].status_code"));
        assertEquals(4, receiver.on("/moved").size());
        assertEquals(0, receiver.on("/redirected").size());
    }

    @Test
    void reviewsDeletedCarriesTheLastRatingsItemAndUnpublishedReviewsAreDeliveredToo() throws Exception {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/deleted"), Topics.REVIEWS_DELETED.name());
        String eventId = Fixtures.publishReview(shop, Topics.REVIEWS_DELETED.name(), 31, false);

        await().atMost(WAIT).until(() -> receiver.on("/deleted").size() == 1);
        TestReceiver.Received request = receiver.on("/deleted").get(0);
        assertEquals(Fixtures.ratingItem(31, true), request.text());
        assertEquals(Topics.REVIEWS_DELETED.name(), request.header("X-Topic"));
        assertEquals("false", request.header("X-Review-Published"));
        assertEquals(eventId, request.header("X-Event-Id"));
        assertEquals(Hmac.hex(hook.secret(), request.text().getBytes(StandardCharsets.UTF_8)), request.header("X-Hash"));
    }

    @Test
    void anEventDeliveredTwiceByTheBrokerIsQueuedOnce() {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/once"), Topics.REVIEWS_UPDATED.name());
        String eventId = UUID.randomUUID().toString();
        String event = Fixtures.reviewEvent(eventId, shop, Topics.REVIEWS_UPDATED.name(), 64, true);
        KafkaTestClient.send(Topics.REVIEWS_UPDATED.name(), String.valueOf(shop.id()), event);
        KafkaTestClient.send(Topics.REVIEWS_UPDATED.name(), String.valueOf(shop.id()), event);
        // Same key, same partition: the later event is consumed after both copies.
        String later = Fixtures.publishReview(shop, Topics.REVIEWS_UPDATED.name(), 65, true);

        await().atMost(WAIT).until(() -> Fixtures.deliveries(shop, hook.id()).getList("deliveries.event_id").contains(later));
        List<Object> events = Fixtures.deliveries(shop, hook.id()).getList("deliveries.event_id");
        assertEquals(1, events.stream().filter(eventId::equals).count());
        assertEquals(2, events.size());
    }

    @Test
    void aDeliveryWhoseWorkerDiedIsClaimedAgainWhenItsLeaseEnds() {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/orphan"), Topics.REVIEWS_CREATED.name());
        String eventId = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 77, true);
        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));

        // What a worker that claimed the attempt and died before recording it leaves behind: in_flight, lease over.
        long deliveryId = Fixtures.deliveries(shop, hook.id()).getLong("deliveries[0].delivery_id");
        assertEquals(1, Db.update("update webhook_delivery set state = 'in_flight', delivered_at = null, "
                + "lease_until = now() - interval '1 second' where id = ?", deliveryId));

        await().atMost(WAIT).until(() -> receiver.on("/orphan").size() == 2);
        TestReceiver.Received again = receiver.on("/orphan").get(1);
        assertEquals(eventId, again.header("X-Event-Id"));
        assertEquals("2", again.header("X-Delivery-Attempt"));
        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
        assertEquals(2, Fixtures.deliveries(shop, hook.id()).getInt("deliveries[0].attempts"));
    }

    @Test
    void anAttemptThatGetsNoAnswerInTimeIsATimeoutAndIsRetried() {
        CountDownLatch release = receiver.hold("/slow", Duration.ofSeconds(20));
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/slow"), Topics.REVIEWS_CREATED.name());
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 3, true);

        // %test timeout is 3 s.
        // Until the event is consumed there is no deliveries[0] (and no attempt_log list).
        await().atMost(WAIT).until(() -> Fixtures.deliveries(shop, hook.id()).getList("deliveries.attempt_log.flatten()").size() >= 1);
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        assertEquals("timed out after 3000 ms", log.getString("deliveries[0].attempt_log[0].error"));
        assertNull(log.get("deliveries[0].attempt_log[0].status_code"));
        release.countDown();
        await().atMost(WAIT).until(() -> "delivered".equals(Fixtures.deliveries(shop, hook.id()).getString("deliveries[0].state")));
    }

    @Test
    void aSlowEndpointIsCappedAndDoesNotHoldBackTheOthers() {
        CountDownLatch release = receiver.hold("/stuck", Duration.ofMillis(2500));
        TestReceiver fast = null;
        try {
            fast = new TestReceiver();
            for (int i = 0; i < 6; i++) {
                Fixtures.subscribe(shop, receiver.url("/stuck"), Topics.REVIEWS_CREATED.name());
            }
            Fixtures.subscribe(shop, fast.url("/fast"), Topics.REVIEWS_CREATED.name());
            Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 21, true);

            TestReceiver other = fast;
            await().atMost(WAIT).until(() -> other.on("/fast").size() == 1);
            // The slow endpoint (one host:port) never has more than the %test cap of 4 requests at once (its answers
            // are held for at most 2.5 s, less than the 3 s timeout, so no timed-out request is still counted here).
            await().atMost(WAIT).until(() -> receiver.inProgress() == 4);
            assertTrue(receiver.maxInProgress() <= 4, "max concurrent " + receiver.maxInProgress());
            release.countDown();
            await().atMost(WAIT).until(() -> receiver.on("/stuck").size() >= 6);
            assertTrue(receiver.maxInProgress() <= 4, "max concurrent " + receiver.maxInProgress());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            release.countDown();
            if (fast != null) {
                fast.close();
            }
        }
    }

    @Test
    void deliveriesOfAnotherShopsWebhookAreNotFound() {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/mine"), Topics.REVIEWS_CREATED.name());
        Fixtures.Shop other = Fixtures.webshop();
        given().queryParam("id", other.id()).queryParam("code", other.code())
                .get("/api/1.0/webhooks/" + hook.id() + "/deliveries.json")
                .then().statusCode(404)
                .body("status", equalTo("error"))
                .body("message", equalTo("Webhook not found."))
                .body("deliveries.size()", equalTo(0));
    }
}
