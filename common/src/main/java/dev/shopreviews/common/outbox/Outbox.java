package dev.shopreviews.common.outbox;

import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.tracing.CurrentTrace;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Appends events to the outbox. Call it inside the transaction that makes the change (never after it). */
@ApplicationScoped
public class Outbox {
    /** Appends {@code event} for {@code topic}, which only takes events of its own type. */
    public <E> Uni<Void> append(EventTopic<E> topic, String key, E event) {
        OutboxEvent row = new OutboxEvent();
        row.topic = topic.name();
        row.eventKey = key;
        row.payload = EventJson.write(event);
        row.createdAt = Instant.now();
        row.traceparent = CurrentTrace.get();
        return row.persist().replaceWithVoid();
    }

    /** How many events wait for the relay, and the oldest one's time (null when none wait). */
    public record Backlog(long rows, Instant oldest) {
    }

    /** The outbox's backlog, in the caller's session (HQL: its plan is cached, unlike a native select's). */
    public Uni<Backlog> backlog() {
        return Panache.getSession().chain(session -> session
                .createSelectionQuery("select count(*), min(createdAt) from OutboxEvent", Object[].class)
                .getSingleResult())
                .map(row -> new Backlog(((Number) row[0]).longValue(), (Instant) row[1]));
    }

    /** Collects events to append later with one statement, in order ({@link OutboxBatch}). */
    public OutboxBatch batch() {
        return new OutboxBatch();
    }
}
