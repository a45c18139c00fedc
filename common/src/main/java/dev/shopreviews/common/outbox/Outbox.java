package dev.shopreviews.common.outbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Appends events to the outbox. Call it inside the transaction that makes the change (never after it). */
@ApplicationScoped
public class Outbox {
    private final ObjectMapper mapper;

    public Outbox(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public Uni<Void> append(String topic, String key, Object event) {
        OutboxEvent row = new OutboxEvent();
        row.topic = topic;
        row.eventKey = key;
        row.payload = toJson(event);
        row.createdAt = Instant.now();
        return row.persist().replaceWithVoid();
    }

    /** Collects events to append later with one statement, in order ({@link OutboxBatch}). */
    public OutboxBatch batch() {
        return new OutboxBatch(this);
    }

    String toJson(Object event) {
        try {
            return mapper.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Event cannot be written as JSON: " + event.getClass().getName(), e);
        }
    }
}
