package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Delivery attempts by outcome and status class (never by endpoint), and the queue's gauges, in /q/metrics. */
@QuarkusTest
class DeliveryQueueMetricsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private TestReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void aDeliveredAttemptIsCountedByStatusClassAndTheQueueGaugesAreExported() {
        double before = Math.max(0, Metrics.value("webhooks_delivery_attempts_total", "outcome", "success", "status_class", "2xx"));
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.subscribe(shop, receiver.url("/metrics"), Topics.REVIEWS_CREATED.name());
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 4712, true);

        await().atMost(WAIT).until(() -> receiver.on("/metrics").size() == 1);
        await().atMost(WAIT).until(() -> Metrics.value("webhooks_delivery_attempts_total",
                "outcome", "success", "status_class", "2xx") >= before + 1);
        String metrics = io.restassured.RestAssured.given().get("/q/metrics").then().extract().asString();
        assertTrue(metrics.lines().filter(line -> line.startsWith("webhooks_"))
                .noneMatch(line -> line.contains(receiver.url("/metrics")) || line.contains("endpoint")),
                "no series of webhooks-service is tagged with an endpoint");
        await().atMost(WAIT).until(() -> Metrics.value("webhooks_deliveries_pending") >= 0);
        assertTrue(Metrics.value("webhooks_oldest_due_delivery_age_seconds") >= 0);
    }
}
