package dev.shopreviews.common.outbox;

import dev.shopreviews.common.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.hibernate.LockMode;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.hibernate.reactive.mutiny.Mutiny;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publishes outbox rows to Kafka in insertion order and deletes them once the broker acknowledged them.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas can relay without publishing a row twice;
 * a crash after the broker's ack but before the delete republishes it (at least once; consumers dedupe).
 * Woken by {@link OutboxWakeUps} when a transaction appended events (a PostgreSQL notification at commit), and by a
 * Vert.x timer: every {@code outbox.poll-interval} while no notifications are heard, only every
 * {@code outbox.quiet-poll-interval} while they are (an idle service then does next to nothing). A full batch is
 * followed at once by the next. A writer on a hot path may also call {@link #nudge()} after its commit, which saves
 * the notification's round trip.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 200;

    private final Mutiny.SessionFactory sessions;
    private final Tracing tracing;
    private final MutinyEmitter<String> emitter;
    private final Vertx vertx;
    private final OutboxConfig config;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile long timerId = -1;
    private volatile boolean stopped;

    public OutboxRelay(Mutiny.SessionFactory sessions, @Channel("outbox") MutinyEmitter<String> emitter, Vertx vertx,
                       Tracing tracing, OutboxConfig config) {
        this.sessions = sessions;
        this.tracing = tracing;
        this.emitter = emitter;
        this.vertx = vertx;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        pollEvery(config.pollInterval());
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        vertx.cancelTimer(timerId);
    }

    /** Looks for events every {@code interval} from now on (instead of the interval set before). */
    synchronized void pollEvery(Duration interval) {
        if (stopped) {
            return;
        }
        vertx.cancelTimer(timerId);
        timerId = vertx.setPeriodic(interval.toMillis(), id -> tick());
    }

    /** Relays now (after a commit that appended events); a relay already running goes round once more. */
    public void nudge() {
        tick();
    }

    private void tick() {
        if (stopped) {
            return;
        }
        if (!running.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        again.set(false);
        // Hibernate Reactive needs a duplicated context marked safe, as a request would have.
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> drain());
    }

    private void drain() {
        Uni.createFrom().deferred(this::relayBatch).subscribe().with(
                published -> {
                    running.set(false);
                    if (published == BATCH || again.get()) {
                        tick();
                    }
                },
                failure -> {
                    running.set(false);
                    LOG.warnf("Outbox relay will retry: %s", failure.getMessage());
                });
    }

    /** Publishes one batch; answers how many events went out. */
    public Uni<Integer> relayBatch() {
        if (!emitter.hasRequests()) {
            // The Kafka sink is not ready (startup, broker away): rows wait in the table.
            return Uni.createFrom().item(0);
        }
        // HQL, not native SQL: Hibernate Reactive never caches a native select's plan (docs/operations.md, Known issues).
        return sessions.withTransaction(session -> session
                .createSelectionQuery("from OutboxEvent order by id", OutboxEvent.class)
                .setMaxResults(BATCH)
                .setLockMode(LockMode.UPGRADE_SKIPLOCKED)
                .getResultList()
                .chain(rows -> rows.isEmpty() ? Uni.createFrom().item(0) : publishAndDelete(session, rows)));
    }

    private Uni<Integer> publishAndDelete(Mutiny.Session session, List<OutboxEvent> rows) {
        List<Long> ids = rows.stream().map(row -> row.id).toList();
        // Handed to the producer in table order (idempotent producer keeps per-partition order); all acks awaited.
        return Uni.join().all(rows.stream().map(this::publish).toList()).andFailFast()
                .chain(() -> session.createNativeQuery("delete from outbox_event where id = any(?1)")
                        .setParameter(1, ids.toArray(Long[]::new))
                        .executeUpdate())
                .invoke(deleted -> LOG.debugf("Outbox relayed %d events", deleted));
    }

    private Uni<Void> publish(OutboxEvent row) {
        // A PRODUCER span under the context the event was written in; the record's traceparent header continues it.
        Span span = tracing.start("publish " + row.topic, SpanKind.PRODUCER, row.traceparent);
        String traceparent = tracing.traceparentOf(span);
        RecordHeaders headers = new RecordHeaders();
        if (traceparent != null) {
            headers.add(Tracing.HEADER, traceparent.getBytes(StandardCharsets.US_ASCII));
        }
        Message<String> message = Message.of(row.payload).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(row.topic)
                .withKey(row.eventKey)
                .withHeaders(headers)
                .build());
        return emitter.sendMessage(message)
                .onFailure().invoke(failure -> span.setStatus(StatusCode.ERROR))
                .onTermination().invoke(span::end);
    }
}
