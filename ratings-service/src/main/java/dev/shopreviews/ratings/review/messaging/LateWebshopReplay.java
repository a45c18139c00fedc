package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.outbox.OutboxRelay;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.repository.LateWebshopLetters;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * A review can arrive before its webshop's replica (the two topics are independent): it is dead-lettered as
 * "unknown webshop", and replayed here, once, as soon as the webshop is replicated, for a grace period
 * ({@code shopreviews.late-webshop-grace}, default one day). After that it waits for the operator's replay or discard.
 */
@ApplicationScoped
public class LateWebshopReplay {
    private static final Logger LOG = Logger.getLogger(LateWebshopReplay.class);

    private final LateWebshopLetters letters;
    private final DeadLetters deadLetters;
    private final OutboxRelay relay;
    private final RatingsConfig config;

    public LateWebshopReplay(LateWebshopLetters letters, DeadLetters deadLetters, OutboxRelay relay, RatingsConfig config) {
        this.letters = letters;
        this.deadLetters = deadLetters;
        this.relay = relay;
        this.config = config;
    }

    @Scheduled(every = "${shopreviews.late-webshop-poll:10s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> replayDue() {
        // A scheduled job opens its own session and transactions (Panache.withSession/withTransaction).
        return Panache.withSession(() -> letters.due(Instant.now().minus(config.lateWebshopGrace())))
                .chain(this::replayEach)
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Replay of reviews of late webshops will be retried: %s", failure.getMessage());
                    return null;
                });
    }

    private Uni<Void> replayEach(List<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(ids)
                .onItem().transformToUniAndConcatenate(id -> Panache.withTransaction(() -> deadLetters.replay(id))
                        .invoke(() -> LOG.infof("Dead letter %d replayed: its webshop is replicated now", id))
                        .replaceWithVoid()
                        .onFailure().recoverWithItem(failure -> {
                            LOG.warnf("Dead letter %d not replayed: %s", id, failure.getMessage());
                            return null;
                        }))
                .collect().last().invoke(relay::nudge).replaceWithVoid();
    }
}
