package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.testing.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /q/metrics and /q/health as operators read them (docs/operations.md, Observability): the intake counter, the
 * dead-letter and outbox gauges of common, readiness without Kafka and Kafka's own health group, on the real broker.
 */
@QuarkusTest
class ObservabilityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aPublishedReviewAndADeadLetteredOneAreCountedByOutcome() {
        double published = Math.max(0, Metrics.value("ratings_reviews_intake_total", "outcome", "published"));
        double dead = Math.max(0, Metrics.value("ratings_reviews_intake_total", "outcome", "dead_lettered"));
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted valid = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        ReviewSubmitted invalid = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), 6,
                new SubRatings(5, 5, 5, 5));
        Fixtures.submit(invalid);
        Fixtures.submit(valid);

        Fixtures.awaitReview(shop, valid.email());
        await().atMost(WAIT).until(() -> Metrics.value("ratings_reviews_intake_total", "outcome", "published") >= published + 1);
        await().atMost(WAIT).until(() -> Metrics.value("ratings_reviews_intake_total", "outcome", "dead_lettered") >= dead + 1);
        assertTrue(Metrics.value("ratings_reviews_intake_total", "outcome", "quarantined") >= 0, "every outcome is exported");
        assertTrue(Metrics.value("ratings_reviews_intake_total", "outcome", "held") >= 0, "every outcome is exported");
        // the high-5xx alert and the dashboard's HTTP panels read Quarkus's HTTP server metrics
        assertTrue(Metrics.value("http_server_requests_seconds_count") >= 1, "HTTP server metrics are exported");
        assertTrue(Metrics.value("http_server_requests_seconds_sum") >= 0);
    }

    @Test
    void aDeadLetterRaisesThePendingGaugeOfItsChannelAfterTheRefresh() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.submitRaw(shop.id(), "{\"unterminated\": \"" + UUID.randomUUID());

        // refreshed every second in tests (shopreviews.metrics-refresh); the letter is pending until the operator acts
        await().atMost(WAIT).until(() -> Metrics.value("shopreviews_dead_letters_pending", "channel", "reviews-submitted") >= 1);
        assertTrue(Metrics.value("shopreviews_dead_letters_oldest_age_seconds", "channel", "reviews-submitted") >= 0);
        assertTrue(Metrics.value("shopreviews_outbox_backlog") >= 0, "the outbox backlog is exported");
        assertTrue(Metrics.value("shopreviews_outbox_lag_seconds") >= 0, "the outbox lag is exported");
    }

    @Test
    void readinessIsTheDatabaseAndKafkaIsAGroupOfItsOwnAlsoShownInTheWholeReport() {
        JsonPath ready = given().get("/q/health/ready").then().statusCode(200).extract().jsonPath();
        List<String> readiness = ready.getList("checks.name");
        assertFalse(readiness.isEmpty(), "readiness has the database's check");
        assertTrue(readiness.stream().anyMatch(name -> name.toLowerCase().contains("postgresql")), readiness.toString());
        assertTrue(readiness.stream().noneMatch(name -> name.toLowerCase().contains("kafka")
                || name.contains("Reactive Messaging")), "no Kafka check in readiness: " + readiness);

        // On the real broker every channel gets its partitions: the group answers UP, naming the channels.
        await().atMost(WAIT).until(() -> given().get("/q/health/group/kafka").statusCode() == 200);
        JsonPath kafka = given().get("/q/health/group/kafka").then().statusCode(200).extract().jsonPath();
        assertEquals("UP", kafka.getString("status"));
        assertEquals(List.of("Kafka channels"), kafka.getList("checks.name"));
        assertEquals("[OK]", kafka.getString("checks[0].data.reviews-submitted"));

        await().atMost(WAIT).until(() -> Metrics.value("shopreviews_kafka_ready") == 1);

        List<String> all = given().get("/q/health").then().extract().jsonPath().getList("checks.name");
        assertTrue(all.contains("Kafka channels"), "the whole report still shows Kafka: " + all);
        List<String> live = given().get("/q/health/live").then().statusCode(200).extract().jsonPath().getList("checks.name");
        assertTrue(live.contains("Kafka channels liveness"), live.toString());
        List<String> started = given().get("/q/health/started").then().extract().jsonPath().getList("checks.name");
        assertTrue(started == null || started.stream().noneMatch(name -> name.contains("Kafka")
                || name.contains("Reactive Messaging")), "startup does not wait for the broker: " + started);
    }
}
