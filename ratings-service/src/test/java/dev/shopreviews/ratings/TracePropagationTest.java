package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.common.testing.OtlpReceiver;
import dev.shopreviews.common.testing.OtlpReceiver.ReceivedSpan;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * One W3C trace crosses Kafka into the service and out again, and HTTP into the service and out to Kafka: the
 * consumer continues the record's traceparent, the events it writes go out under the same trace id, and every hop
 * is exported as a span to a local OTLP receiver.
 */
@QuarkusTest
@TestProfile(TracePropagationTest.Exporting.class)
class TracePropagationTest {
    static OtlpReceiver RECEIVER;

    public static class Exporting implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("otel.exporter.otlp.endpoint", OtlpReceiver.sharedEndpoint());
        }
    }

    @BeforeAll
    static void listen() {
        RECEIVER = OtlpReceiver.onSharedEndpoint();
    }

    @AfterAll
    static void close() {
        RECEIVER.close();
    }

    @Test
    void aSubmittedReviewsTraceContinuesThroughTheConsumerIntoReviewsCreated() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        // The service restarted for this profile and reads reviews.submitted from the start in a batch: a batch of
        // several records is one linked span of its own (Tracing), so the traced review comes after the backlog.
        ReviewSubmitted first = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(first);
        Fixtures.awaitReview(shop, first.email());
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        String traceId = randomHex(16);
        String callerSpan = randomHex(8);
        KafkaTestClient.send(Topics.REVIEWS_SUBMITTED.name(), String.valueOf(shop.id()), Fixtures.json(review),
                Map.of("traceparent", "00-" + traceId + "-" + callerSpan + "-01"));

        ConsumerRecord<String, String> created = KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(review.email()), 1, Duration.ofSeconds(30)).get(0);
        assertEquals(traceId, traceIdOf(created), "reviews.created continues the submitted review's trace");

        ReceivedSpan consumed = RECEIVER.await(span -> span.traceId().equals(traceId) && span.kind() == ReceivedSpan.CONSUMER,
                Duration.ofSeconds(20));
        assertEquals("ratings-service", consumed.service());
        assertEquals(callerSpan, consumed.parentSpanId(), "the consumer span's parent is the producer's span");
        ReceivedSpan published = RECEIVER.await(span -> span.traceId().equals(traceId) && span.kind() == ReceivedSpan.PRODUCER
                && span.name().equals("publish reviews.created"), Duration.ofSeconds(20));
        assertEquals(consumed.spanId(), published.parentSpanId(), "published from within the consumer's work");
        assertEquals(published.spanId(), spanIdOf(created), "the record's header names the producer span");
    }

    @Test
    void aRequestsTraceContinuesIntoTheEventItWrites() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = ReviewRepliesTest.review(shop);
        long id = ReviewRepliesTest.id(shop, review);
        String traceId = randomHex(16);
        String gatewaySpan = randomHex(8);

        given().header("Authorization", AdminReviewsTest.OPERATOR).header("traceparent", "00-" + traceId + "-" + gatewaySpan + "-01")
                .post("/admin/reviews/" + id + "/read").then().statusCode(200);

        ConsumerRecord<String, String> updated = KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(),
                record -> record.value().contains(review.email()) && record.value().contains("\"read\":true"), 1,
                Duration.ofSeconds(30)).get(0);
        assertEquals(traceId, traceIdOf(updated));
        ReceivedSpan served = RECEIVER.await(span -> span.traceId().equals(traceId) && span.kind() == ReceivedSpan.SERVER,
                Duration.ofSeconds(20));
        assertEquals(gatewaySpan, served.parentSpanId(), "the server span continues the caller's");
        ReceivedSpan published = RECEIVER.await(span -> span.traceId().equals(traceId) && span.kind() == ReceivedSpan.PRODUCER,
                Duration.ofSeconds(20));
        assertEquals(served.spanId(), published.parentSpanId());
    }

    private static String traceIdOf(ConsumerRecord<String, String> record) {
        return traceparent(record).split("-")[1];
    }

    private static String spanIdOf(ConsumerRecord<String, String> record) {
        return traceparent(record).split("-")[2];
    }

    private static String traceparent(ConsumerRecord<String, String> record) {
        Header header = record.headers().lastHeader("traceparent");
        assertNotNull(header, "the record carries a traceparent header");
        return new String(header.value(), StandardCharsets.US_ASCII);
    }

    private static String randomHex(int bytes) {
        byte[] value = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(value);
        value[0] |= 1;  // never all zeros (an invalid id)
        return HexFormat.of().formatHex(value);
    }
}
