package dev.shopreviews.webhooks.retention.service;

import dev.shopreviews.webhooks.config.WebhooksConfig;
import dev.shopreviews.webhooks.retention.repository.FinishedDeliveries;
import io.quarkus.scheduler.Scheduled;
import dev.shopreviews.common.deadletter.DeadLetters;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * Retention of the delivery log (docs/privacy.md): deliveries in a final state (delivered, dead, cancelled) are
 * deleted {@code shopreviews.retention.deliveries} (30 days) after created_at, with their attempts; pending and
 * in-flight ones stay whatever their age. Runs every {@code shopreviews.retention.interval} on every replica (the
 * deletes are idempotent), in bounded batches.
 */
@ApplicationScoped
public class DeliveryRetention {
    private static final Logger LOG = Logger.getLogger(DeliveryRetention.class);

    private final FinishedDeliveries finished;
    private final WebhooksConfig.Retention settings;
    private final DeadLetters deadLetters;

    public DeliveryRetention(FinishedDeliveries finished, WebhooksConfig config, DeadLetters deadLetters) {
        this.finished = finished;
        this.deadLetters = deadLetters;
        this.settings = config.retention();
    }

    @Scheduled(every = "${shopreviews.retention.interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return cleanUp().onFailure().invoke(failure -> LOG.warnf("Delivery retention will retry: %s", failure.getMessage()))
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    /** Deletes every finished delivery older than the retention (answers how many) and dead letters resolved long ago. */
    public Uni<Long> cleanUp() {
        Instant cutoff = Instant.now().minus(settings.deliveries());
        return batches(cutoff, 0L).invoke(total -> {
            if (total > 0) {
                LOG.infof("Retention: %d finished webhook deliveries created before %s deleted", total, cutoff);
            }
        }).call(() -> Panache.withTransaction(() -> deadLetters.deleteResolvedLongAgo(Instant.now())));
    }

    private Uni<Long> batches(Instant cutoff, long sofar) {
        return finished.deleteCreatedBefore(cutoff, settings.batchSize()).chain(deleted -> deleted < settings.batchSize()
                ? Uni.createFrom().item(sofar + deleted)
                : batches(cutoff, sofar + deleted));
    }
}
