package dev.shopreviews.common.deadletter;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A record one of this service's consumers could never apply, kept until the operator replays or discards it.
 * The payload is kept as the bytes received (a text column could not hold a NUL).
 */
@Entity
@Table(name = "dead_letter")
public class DeadLetter extends PanacheEntityBase {
    public static final String PENDING = "pending";
    public static final String REPLAYED = "replayed";
    public static final String DISCARDED = "discarded";
    /** Applied with a payload the operator corrected (which the letter then keeps). */
    public static final String REPAIRED = "repaired";
    public static final java.util.Set<String> STATES = java.util.Set.of(PENDING, REPLAYED, REPAIRED, DISCARDED);

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String channel;

    @Column(nullable = false)
    public String topic;

    @Column(name = "kafka_partition")
    public Integer partition;

    @Column(name = "kafka_offset")
    public Long offset;

    @Column(name = "record_key")
    public String recordKey;

    @Column(columnDefinition = "bytea")
    public byte[] payload;

    @Column(nullable = false)
    public String reason;

    @Column(columnDefinition = "text")
    public String error;

    @Column(nullable = false)
    public String state;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "resolved_at")
    public Instant resolvedAt;
}
