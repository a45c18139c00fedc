package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
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
    void aBurstOfEventsWithRedeliveriesGivesOneDeliveryPerEventInEventOrder() throws SQLException {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription first = Fixtures.subscribe(shop, receiver.url("/burst"), Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription second = Fixtures.subscribe(shop, receiver.url("/second"), Topics.REVIEWS_CREATED.name());
        List<String> eventIds = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            String eventId = UUID.randomUUID().toString();
            eventIds.add(eventId);
            String event = Fixtures.reviewEvent(eventId, shop, Topics.REVIEWS_CREATED.name(), 10_000 + i, true);
            KafkaTestClient.send(Topics.REVIEWS_CREATED.name(), String.valueOf(shop.id()), event);
            if (i % 10 == 0) {
                KafkaTestClient.send(Topics.REVIEWS_CREATED.name(), String.valueOf(shop.id()), event); // redelivered
            }
        }
        // A last event, sent after all the others on the same partition: once it arrived, the rest was consumed.
        String last = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 99_999, true);

        await().atMost(Duration.ofSeconds(90)).until(() -> receiver.on("/burst").stream()
                .anyMatch(request -> last.equals(request.header("X-Event-Id"))));
        await().pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(30))
                .until(() -> receiver.on("/burst").size() >= EVENTS + 1);
        List<String> received = receiver.on("/burst").stream().map(request -> request.header("X-Event-Id")).toList();
        Set<String> expected = new HashSet<>(eventIds);
        expected.add(last);
        assertEquals(expected, new HashSet<>(received));
        assertEquals(EVENTS + 1, received.size(), "one delivery per event, redeliveries included");

        // A batch's deliveries are queued with one statement: still in event order for every subscription.
        List<String> inOrder = new ArrayList<>(eventIds);
        inOrder.add(last);
        assertEquals(inOrder, queuedEventIds(first.id()));
        assertEquals(inOrder, queuedEventIds(second.id()));
    }

    private static List<String> queuedEventIds(long subscriptionId) throws SQLException {
        String database = ConfigProvider.getConfig().getValue("sr-test.database", String.class);
        String host = System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432");
        try (Connection connection = Db.open(host, database);
             PreparedStatement statement = connection.prepareStatement(
                     "select event_id from webhook_delivery where subscription_id = ? order by id")) {
            statement.setLong(1, subscriptionId);
            List<String> eventIds = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    eventIds.add(rows.getString(1));
                }
            }
            return eventIds;
        }
    }
}
