package dev.shopreviews.common.messaging;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A row of the processed-event log; read by HQL only ({@link ProcessedEvents#firstDeliveries}). */
@Entity
@Table(name = "processed_event")
public class ProcessedEvent {
    @Id
    @Column(name = "event_id", length = 64)
    public String eventId;

    @Column(name = "processed_at", nullable = false)
    public Instant processedAt;
}
