package dev.shopreviews.common.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.outbox.OutboxRelay;
import dev.shopreviews.common.tracing.CurrentTrace;
import dev.shopreviews.common.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import io.smallrye.mutiny.Multi;
import org.apache.kafka.clients.consumer.ConsumerRecords;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
    private final Tracing tracing;

    public GuardedRecords(DeadLetters deadLetters, OutboxRelay relay, Tracing tracing) {
        this.deadLetters = deadLetters;
        this.relay = relay;
        this.tracing = tracing;
    }

    /** {@code handler} gets the record's event, or null for a tombstone; an unreadable value is dead-lettered. */
    public <E> Uni<Void> apply(String channel, ConsumerRecord<String, E> record, Function<E, Uni<Void>> handler) {
        return traced(record.topic(), List.of(record),
                () -> guarded(channel, record, () -> handler.apply(ConsumedRecords.eventOrTombstone(record))));
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
        if (records.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return traced(records.get(0).topic(), records, () -> appliedBatch(channel, records, handler, outcome));
    }

    private <E> Uni<Void> appliedBatch(String channel, List<ConsumerRecord<String, E>> records,
                                       Function<List<ConsumerRecord<String, E>>, Uni<Void>> handler, BatchOutcome outcome) {
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

    /**
     * Runs {@code work} in a CONSUMER span that continues the record's {@code traceparent} header, and makes it the
     * current trace (events the work writes carry it on). A batch of several records is one span linked to each
     * record's context: its events start a new trace rather than being filed under one of them.
     */
    private Uni<Void> traced(String topic, List<? extends ConsumerRecord<String, ?>> records, Supplier<Uni<Void>> work) {
        return Uni.createFrom().deferred(() -> {
            Span span = records.size() == 1
                    ? tracing.start("process " + topic, SpanKind.CONSUMER, Tracing.traceparentOf(records.get(0)))
                    : tracing.startLinked("process " + topic, SpanKind.CONSUMER,
                            records.stream().map(Tracing::traceparentOf).filter(Objects::nonNull).toList());
            CurrentTrace.set(tracing.traceparentOf(span));
            return work.get()
                    .onFailure().invoke(failure -> span.setStatus(StatusCode.ERROR))
                    .onTermination().invoke(span::end);
        });
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
