package dev.shopreviews.common.messaging;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * How consumers process a record: in one transaction, retried with backoff while it fails transiently. A database
 * or broker hiccup therefore delays a record instead of dropping it (the channels' failure strategy is "ignore",
 * so a failure that escaped here would lose the record). {@link #untilAppliedOrUnusable} gives up on a failure
 * {@link Failures#permanent} calls permanent, for the caller to dead-letter ({@link GuardedRecords}).
 */
public final class RetriedTransactions {
    private static final Logger LOG = Logger.getLogger(RetriedTransactions.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private RetriedTransactions() {
    }

    /** Retried until it commits, whatever the failure: for work that no record can make fail for good. */
    public static Uni<Void> inTransaction(String what, Supplier<Uni<Void>> work) {
        return Uni.createFrom().deferred(() -> Panache.withTransaction(work))
                .onFailure().invoke(failure -> LOG.warnf("%s failed, will retry: %s", what, failure.toString()))
                .onFailure().retry().withBackOff(FIRST_BACKOFF, MAX_BACKOFF).indefinitely();
    }

    /** Retried while the failure is transient; fails with the first permanent failure (the transaction rolled back). */
    public static Uni<Void> untilAppliedOrUnusable(String what, Supplier<Uni<Void>> work) {
        return Uni.createFrom().deferred(() -> Panache.withTransaction(work))
                .onFailure(failure -> !Failures.permanent(failure))
                .invoke(failure -> LOG.warnf("%s failed, will retry: %s", what, failure.toString()))
                .onFailure(failure -> !Failures.permanent(failure)).retry().withBackOff(FIRST_BACKOFF, MAX_BACKOFF).indefinitely();
    }
}
