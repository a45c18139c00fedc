package dev.shopreviews.common.outbox;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** An event written in the same transaction as the change it announces; the relay publishes and removes it. */
@Entity
@Table(name = "outbox_event")
public class OutboxEvent extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String topic;

    @Column(name = "event_key", nullable = false)
    public String eventKey;

    @Column(nullable = false, columnDefinition = "text")
    public String payload;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** The W3C trace context the event was written in, or null (common tracing). */
    @Column(length = 55)
    public String traceparent;
}
