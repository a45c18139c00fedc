package dev.shopreviews.common.outbox;

import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.messaging.EventJson;
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
        return row.persist().replaceWithVoid();
    }

    /** Collects events to append later with one statement, in order ({@link OutboxBatch}). */
    public OutboxBatch batch() {
        return new OutboxBatch();
    }
}
