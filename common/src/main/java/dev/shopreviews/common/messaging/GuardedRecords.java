package dev.shopreviews.common.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.outbox.OutboxRelay;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.util.function.Function;

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

    public Uni<Void> apply(String channel, ConsumerRecord<String, String> record, Function<String, Uni<Void>> handler) {
        String what = "Record " + record.topic() + "-" + record.partition() + "@" + record.offset() + " on " + channel;
        return RetriedTransactions.untilAppliedOrUnusable(what, () -> handler.apply(record.value()))
                .onFailure(Failures::permanent).recoverWithUni(failure -> deadLetter(channel, record, failure));
    }

    /** Dead-letters the record in a transaction of its own (retried while that fails transiently). */
    public Uni<Void> deadLetter(String channel, ConsumerRecord<String, String> record, Throwable failure) {
        String reason = failure instanceof UnusableRecord ? failure.getMessage() : "could not be applied";
        return RetriedTransactions.inTransaction("Dead letter of " + record.topic() + "@" + record.offset(),
                        () -> deadLetters.record(channel, record, reason, Failures.describe(failure)).replaceWithVoid())
                .invoke(relay::nudge);
    }
}
