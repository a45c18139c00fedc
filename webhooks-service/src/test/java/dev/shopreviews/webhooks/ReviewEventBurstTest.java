package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * reviews.created is consumed in batches (one transaction per batch): a burst of events, some of them delivered
 * twice by the broker, still gives every subscription exactly one delivery per event.
 */
@QuarkusTest
class ReviewEventBurstTest {
    private static final int EVENTS = 150;

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
    void aBurstOfEventsWithRedeliveriesGivesOneDeliveryPerEvent() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.subscribe(shop, receiver.url("/burst"), Topics.REVIEWS_CREATED);
        List<String> eventIds = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            String eventId = UUID.randomUUID().toString();
            eventIds.add(eventId);
            String event = Fixtures.reviewEvent(eventId, shop, Topics.REVIEWS_CREATED, 10_000 + i, true);
            KafkaTestClient.send(Topics.REVIEWS_CREATED, String.valueOf(shop.id()), event);
            if (i % 10 == 0) {
                KafkaTestClient.send(Topics.REVIEWS_CREATED, String.valueOf(shop.id()), event); // redelivered
            }
        }
        // A last event, sent after all the others on the same partition: once it arrived, the rest was consumed.
        String last = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED, 99_999, true);

        await().atMost(Duration.ofSeconds(90)).until(() -> receiver.on("/burst").stream()
                .anyMatch(request -> last.equals(request.header("X-Event-Id"))));
        await().pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(30))
                .until(() -> receiver.on("/burst").size() >= EVENTS + 1);
        List<String> received = receiver.on("/burst").stream().map(request -> request.header("X-Event-Id")).toList();
        Set<String> expected = new HashSet<>(eventIds);
        expected.add(last);
        assertEquals(expected, new HashSet<>(received));
        assertEquals(EVENTS + 1, received.size(), "one delivery per event, redeliveries included");
    }
}
