package dev.shopreviews.common.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.outbox.OutboxRelay;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import io.smallrye.mutiny.Multi;
import org.apache.kafka.clients.consumer.ConsumerRecords;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How every consumer applies a record: in one transaction, retried with backoff while the failure is transient
 * ({@link Failures}); a record that can never be applied goes to the dead letters (its own transaction) and the
 * consumer moves on. No single record can stop a channel.
 */
@ApplicationScoped
public class GuardedRecords {
    private final DeadLetters deadLetters;
    private final OutboxRelay relay;

    public GuardedRecords(DeadLetters deadLetters, OutboxRelay relay) {
        this.deadLetters = deadLetters;
        this.relay = relay;
    }

    /** {@code handler} gets the record's event, or null for a tombstone; an unreadable value is dead-lettered. */
    public <E> Uni<Void> apply(String channel, ConsumerRecord<String, E> record, Function<E, Uni<Void>> handler) {
        return guarded(channel, record, () -> handler.apply(ConsumedRecords.eventOrTombstone(record)));
    }

    /**
     * A polled batch in one transaction; when it fails for good, its records one by one (each through
     * {@link #apply}), so only the records at fault are dead-lettered and the others are applied in order.
     * {@code handler} takes records in poll order and runs inside the transaction.
     */
    public <E> Uni<Void> applyBatch(String channel, ConsumerRecords<String, E> batch,
                                    Function<List<ConsumerRecord<String, E>>, Uni<Void>> handler) {
        return applyBatch(channel, batch, handler, BatchOutcome.NONE);
    }

    /** What became of a batch's work, for counting: told after each commit and each dead letter of the one-by-one path. */
    public interface BatchOutcome {
        BatchOutcome NONE = new BatchOutcome() {
        };

        /** The handler's last call committed (the whole batch, or one record when applied one by one). */
        default void committed() {
        }

        /** A record of the one-by-one path could not be applied and was dead-lettered. */
        default void deadLettered() {
        }
    }

    /** {@link #applyBatch(String, ConsumerRecords, Function)}, telling {@code outcome} what committed. */
    public <E> Uni<Void> applyBatch(String channel, ConsumerRecords<String, E> batch,
                                    Function<List<ConsumerRecord<String, E>>, Uni<Void>> handler, BatchOutcome outcome) {
        List<ConsumerRecord<String, E>> records = new ArrayList<>(batch.count());
        batch.forEach(records::add);
        return RetriedTransactions.untilAppliedOrUnusable("Batch of " + records.size() + " records on " + channel,
                        () -> handler.apply(records))
                .invoke(outcome::committed)
                .onFailure(Failures::permanent).recoverWithUni(failure -> Multi.createFrom().iterable(records)
                        .onItem().transformToUniAndConcatenate(record -> one(channel, record, handler, outcome))
                        .collect().last().replaceWithVoid());
    }

    private <E> Uni<Void> one(String channel, ConsumerRecord<String, E> record,
                              Function<List<ConsumerRecord<String, E>>, Uni<Void>> handler, BatchOutcome outcome) {
        String what = "Record " + record.topic() + "-" + record.partition() + "@" + record.offset() + " on " + channel;
        return RetriedTransactions.untilAppliedOrUnusable(what, () -> handler.apply(List.of(record)))
                .invoke(outcome::committed)
                .onFailure(Failures::permanent).recoverWithUni(failure -> deadLetter(channel, record, failure)
                        .invoke(outcome::deadLettered));
    }

    private Uni<Void> guarded(String channel, ConsumerRecord<String, ?> record, Supplier<Uni<Void>> work) {
        String what = "Record " + record.topic() + "-" + record.partition() + "@" + record.offset() + " on " + channel;
        return RetriedTransactions.untilAppliedOrUnusable(what, work)
                .onFailure(Failures::permanent).recoverWithUni(failure -> deadLetter(channel, record, failure));
    }

    /** Dead-letters the record in a transaction of its own (retried while that fails transiently). */
    public Uni<Void> deadLetter(String channel, ConsumerRecord<String, ?> record, Throwable failure) {
        String reason = failure instanceof UnusableRecord ? failure.getMessage() : "could not be applied";
        return RetriedTransactions.inTransaction("Dead letter of " + record.topic() + "@" + record.offset(),
                        () -> deadLetters.record(channel, record, reason, Failures.describe(failure)).replaceWithVoid())
                .invoke(relay::nudge);
    }
}
