package dev.shopreviews.common.outbox;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.hibernate.reactive.mutiny.Mutiny;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * Publishes outbox rows to Kafka in insertion order and deletes them once the broker acknowledged them.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas can relay without publishing a row twice;
 * a crash after the broker's ack but before the delete republishes it (at least once; consumers dedupe).
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;

    private final Mutiny.SessionFactory sessions;
    private final MutinyEmitter<String> emitter;

    public OutboxRelay(Mutiny.SessionFactory sessions, @Channel("outbox") MutinyEmitter<String> emitter) {
        this.sessions = sessions;
        this.emitter = emitter;
    }

    @Scheduled(every = "${shopreviews.outbox.poll-interval:0.1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            delayed = "1s")
    Uni<Void> relay() {
        if (!emitter.hasRequests()) {
            // The Kafka sink is not wired or not ready yet (startup, broker away): rows wait in the table.
            return Uni.createFrom().voidItem();
        }
        return relayBatch().replaceWithVoid()
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Outbox relay will retry: %s", failure.getMessage());
                    return null;
                });
    }

    /** Publishes one batch; answers how many events went out. */
    public Uni<Integer> relayBatch() {
        return sessions.withTransaction(session -> session
                .createNativeQuery("select * from outbox_event order by id limit " + BATCH + " for update skip locked",
                        OutboxEvent.class)
                .getResultList()
                .chain(rows -> rows.isEmpty() ? Uni.createFrom().item(0) : publishAndDelete(session, rows)));
    }

    private Uni<Integer> publishAndDelete(Mutiny.Session session, List<OutboxEvent> rows) {
        List<Long> ids = rows.stream().map(row -> row.id).toList();
        return Multi.createFrom().iterable(rows)
                .onItem().transformToUniAndConcatenate(this::publish)
                .collect().last()
                .chain(() -> session.createNativeQuery("delete from outbox_event where id = any(?1)")
                        .setParameter(1, ids.toArray(Long[]::new))
                        .executeUpdate())
                .invoke(deleted -> LOG.debugf("Outbox relayed %d events", deleted));
    }

    private Uni<Void> publish(OutboxEvent row) {
        Message<String> message = Message.of(row.payload).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(row.topic)
                .withKey(row.eventKey)
                .build());
        return emitter.sendMessage(message);
    }
}
