package dev.shopreviews.webhooks.delivery.service;

import dev.shopreviews.webhooks.delivery.repository.DeliveryQueue;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The delivery queue's gauges: {@code webhooks.deliveries.pending} (waiting or in flight) and
 * {@code webhooks.oldest.due.delivery.age.seconds} (how long the longest-waiting due delivery has been due; 0 when
 * none is). Refreshed every {@code shopreviews.metrics-refresh}; a scrape never queries.
 */
@ApplicationScoped
public class DeliveryQueueMetrics {
    private static final Logger LOG = Logger.getLogger(DeliveryQueueMetrics.class);

    private final DeliveryQueue queue;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong oldestDueSeconds = new AtomicLong();

    public DeliveryQueueMetrics(DeliveryQueue queue, MeterRegistry registry) {
        this.queue = queue;
        Gauge.builder("webhooks.deliveries.pending", pending, AtomicLong::get).strongReference(true)
                .description("Webhook deliveries still to be made (waiting or in flight)").register(registry);
        Gauge.builder("webhooks.oldest.due.delivery.age.seconds", oldestDueSeconds, AtomicLong::get).strongReference(true)
                .description("How long the longest-waiting due webhook delivery has been due (0 when none is)")
                .register(registry);
    }

    @Scheduled(every = "${shopreviews.metrics-refresh:15s}", delayed = "3s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return refresh(Instant.now()).onFailure().recoverWithItem(failure -> {
            LOG.debugf("Delivery queue gauges keep their last values until the next refresh: %s", failure.getMessage());
            return null;
        });
    }

    public Uni<Void> refresh(Instant now) {
        return queue.backlog().invoke(backlog -> {
            pending.set(backlog.pending());
            oldestDueSeconds.set(backlog.oldestDue() == null ? 0
                    : Math.max(0, now.getEpochSecond() - backlog.oldestDue().getEpochSecond()));
        }).replaceWithVoid();
    }
}
