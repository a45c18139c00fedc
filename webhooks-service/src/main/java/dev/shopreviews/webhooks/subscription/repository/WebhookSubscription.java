package dev.shopreviews.webhooks.subscription.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A webshop's webhook subscription (spec 2.9). The secret is kept encrypted ({@code SecretCipher}). */
@Entity
@Table(name = "webhook_subscription")
public class WebhookSubscription extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false, length = 2048)
    public String url;

    /** host:port of the url, the key of the per-endpoint concurrency cap. */
    @Column(nullable = false, length = 300)
    public String endpoint;

    @Column(nullable = false, length = 32)
    public String topic;

    @Column(nullable = false)
    public boolean active;

    @Column(name = "secret_encrypted", nullable = false, length = 200)
    public String secretEncrypted;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
