package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.webhooks.config.WebhooksConfig;
import dev.shopreviews.webhooks.delivery.repository.DeliveryQueue;
import dev.shopreviews.webhooks.delivery.service.DeliveryMetrics;
import dev.shopreviews.webhooks.delivery.service.DeliverySender;
import dev.shopreviews.webhooks.delivery.service.DeliveryWorker;
import dev.shopreviews.webhooks.delivery.service.RetrySchedule;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two more worker instances (besides the service's own scheduled one) claim from the same queue at the same time:
 * FOR UPDATE SKIP LOCKED means no delivery is claimed twice, so no attempt reaches the receiver twice.
 */
@QuarkusTest
class TwoWorkersTest {
    private static final int DELIVERIES = 200;

    @Inject
    Pool pool;
    @Inject
    DeliveryQueue queue;
    @Inject
    DeliverySender sender;
    @Inject
    RetrySchedule schedule;
    @Inject
    DeliveryMetrics metrics;
    @Inject
    WebhooksConfig config;

    @Test
    void twoWorkersNeverDeliverOneAttemptTwice() throws Exception {
        try (TestReceiver receiver = new TestReceiver()) {
            Fixtures.Shop shop = Fixtures.webshop();
            Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/many"), Topics.REVIEWS_UPDATED.name());
            DeliveryWorker first = new DeliveryWorker(queue, sender, schedule, metrics, config);
            DeliveryWorker second = new DeliveryWorker(queue, sender, schedule, metrics, config);
            List<Long> claimedByFirst = Collections.synchronizedList(new ArrayList<>());
            List<Long> claimedBySecond = Collections.synchronizedList(new ArrayList<>());
            AtomicBoolean done = new AtomicBoolean();
            CyclicBarrier start = new CyclicBarrier(2);

            pool.preparedQuery("""
                            insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published,
                                                          state, attempts, next_attempt_at, created_at)
                            select $1, $2, 'bulk-' || $1 || '-' || g, 'reviews.updated', $3, '{"n":' || g || '}', true,
                                   'pending', 0, now(), now()
                            from generate_series(1, $4::int) g""")
                    .execute(Tuple.of(hook.id(), shop.id(), "127.0.0.1:" + receiver.port(), DELIVERIES)).await().indefinitely();

            CompletableFuture<Void> a = CompletableFuture.runAsync(() -> claimLoop(first, claimedByFirst, start, done));
            CompletableFuture<Void> b = CompletableFuture.runAsync(() -> claimLoop(second, claimedBySecond, start, done));
            await().atMost(Duration.ofSeconds(90)).until(() -> delivered(hook.id()) == DELIVERIES);
            done.set(true);
            a.get();
            b.get();

            Set<Long> overlap = new HashSet<>(claimedByFirst);
            overlap.retainAll(claimedBySecond);
            assertTrue(overlap.isEmpty(), "claimed by both: " + overlap);
            assertEquals(claimedByFirst.size(), new HashSet<>(claimedByFirst).size());
            assertEquals(claimedBySecond.size(), new HashSet<>(claimedBySecond).size());

            Map<String, Long> perDelivery = receiver.on("/many").stream()
                    .collect(Collectors.groupingBy(request -> request.header("X-Delivery-Id"), Collectors.counting()));
            assertEquals(DELIVERIES, perDelivery.size());
            assertTrue(perDelivery.values().stream().allMatch(count -> count == 1), "a delivery arrived twice");
            List<Row> attempts = new ArrayList<>();
            pool.preparedQuery("select attempts from webhook_delivery where subscription_id = $1").execute(Tuple.of(hook.id()))
                    .await().indefinitely().forEach(attempts::add);
            assertEquals(DELIVERIES, attempts.size());
            assertTrue(attempts.stream().allMatch(row -> row.getInteger("attempts") == 1), "an attempt was claimed twice");
        }
    }

    private static void claimLoop(DeliveryWorker worker, List<Long> claimed, CyclicBarrier start, AtomicBoolean done) {
        try {
            start.await();
            while (!done.get()) {
                claimed.addAll(worker.runOnce().await().atMost(Duration.ofSeconds(10)));
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private long delivered(long webhookId) {
        return pool.preparedQuery("select count(*) as n from webhook_delivery where subscription_id = $1 and state = 'delivered'")
                .execute(Tuple.of(webhookId)).await().indefinitely().iterator().next().getLong("n");
    }
}
