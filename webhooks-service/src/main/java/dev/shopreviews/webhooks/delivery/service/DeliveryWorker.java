package dev.shopreviews.webhooks.delivery.service;

import dev.shopreviews.webhooks.config.WebhooksConfig;
import dev.shopreviews.webhooks.delivery.repository.DeliveryQueue;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.event.Observes;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Claims due deliveries and sends them, at most {@code per-endpoint-concurrency} at once per endpoint and
 * {@code max-in-flight} in all. Any number of workers (threads or replicas) can run: claims use FOR UPDATE SKIP
 * LOCKED. A 2xx answer is delivered; anything else is retried per {@link RetrySchedule}, then dead (WARN log,
 * Micrometer counter, visible in the delivery log).
 */
@ApplicationScoped
public class DeliveryWorker {
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);

    private final DeliveryQueue queue;
    private final DeliverySender sender;
    private final RetrySchedule schedule;
    private final DeliveryMetrics metrics;
    private final WebhooksConfig.Webhooks settings;
    private final EndpointSlots slots;
    private final Duration lease;
    private final AtomicBoolean claiming = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile boolean stopped;
    private Vertx vertx;
    private long timer;

    @Inject
    public DeliveryWorker(DeliveryQueue queue, DeliverySender sender, RetrySchedule schedule, DeliveryMetrics metrics,
                          WebhooksConfig config) {
        this.queue = queue;
        this.sender = sender;
        this.schedule = schedule;
        this.metrics = metrics;
        this.settings = config.webhooks();
        this.slots = new EndpointSlots(settings.perEndpointConcurrency(), settings.maxInFlight(), this::kick);
        // Long enough for the attempt plus a wait behind a full set of attempts to the same endpoint.
        this.lease = settings.timeout().multipliedBy(3).plusSeconds(30);
    }

    /** Polls on a Vert.x timer (the Quarkus scheduler does not go below one second). */
    void onStart(@Observes StartupEvent event, Vertx vertx) {
        this.vertx = vertx;
        timer = vertx.setPeriodic(1000, Math.max(10, settings.pollInterval().toMillis()), id -> kick());
    }

    void onStop(@Observes ShutdownEvent event) {
        stopped = true;
        if (vertx != null) {
            vertx.cancelTimer(timer);
        }
    }

    /**
     * Claims again now: on every tick, whenever an attempt finished (a slot became free), so a busy endpoint
     * is fed as fast as it answers, and after a commit that queued deliveries. Calls that arrive while a claim runs are coalesced into one more claim.
     */
    public void kick() {
        if (stopped) {
            return;
        }
        if (!claiming.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        again.set(false);
        runOnce().subscribe().with(claimed -> {
            claiming.set(false);
            if (again.get() || claimed.size() >= settings.batchSize()) {
                kick();
            }
        }, failure -> {
            claiming.set(false);
            if (!stopped) {
                LOG.warnf("Webhook worker will retry: %s", failure.getMessage());
            }
        });
    }

    /** Claims one batch and starts sending it; answers the ids it claimed. */
    public Uni<List<Long>> runOnce() {
        int batch = Math.min(settings.batchSize(), slots.room());
        if (batch <= 0) {
            return Uni.createFrom().item(List.of());
        }
        return queue.claim(batch, settings.perEndpointConcurrency(), slots.saturated(), lease).map(claimed -> {
            claimed.forEach(delivery -> slots.submit(delivery.endpoint(), () -> attempt(delivery)));
            return claimed.stream().map(ClaimedDelivery::id).toList();
        });
    }

    private Uni<Void> attempt(ClaimedDelivery delivery) {
        if (!delivery.active()) {
            return queue.cancel(delivery.id());
        }
        return sender.send(delivery).chain(result -> record(delivery, result));
    }

    private Uni<Void> record(ClaimedDelivery delivery, AttemptResult result) {
        metrics.attempted(result.statusCode(), result.delivered());
        if (result.delivered()) {
            metrics.delivered(result.latencyMs());
            return queue.record(delivery, result, "delivered", null);
        }
        Optional<Duration> retry = schedule.afterFailedAttempt(delivery.attempt());
        if (retry.isPresent()) {
            metrics.failed();
            LOG.debugf("Webhook delivery %d attempt %d failed (%s); next in %s", delivery.id(), delivery.attempt(),
                    result.error(), retry.get());
            return queue.record(delivery, result, "pending", retry.get());
        }
        metrics.dead();
        LOG.warnf("Webhook delivery %d (webhook %d, event %s, %s) is dead after %d attempts; last error: %s",
                delivery.id(), delivery.subscriptionId(), delivery.eventId(), delivery.endpoint(), delivery.attempt(),
                result.error());
        return queue.record(delivery, result, "dead", null);
    }
}
