package dev.shopreviews.invitations.shopplatform.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A webshop's connection to one shop platform (migration V14): the webhook secret, encrypted. */
@Entity
@Table(name = "shop_platform_connection")
public class PlatformConnection {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    /** {@code woocommerce} or {@code shopify}. */
    @Column(nullable = false, length = 16)
    public String platform;

    /** PlatformSecretCipher's {@code v1:…}; never the secret itself. */
    @Column(name = "secret_encrypted", nullable = false, columnDefinition = "text")
    public String secretEncrypted;

    /** {@code generated} (by this service) or {@code platform} (the platform's own signing secret). */
    @Column(nullable = false, length = 16)
    public String source;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** When the last correctly signed delivery arrived (the dashboard shows it), or null. */
    @Column(name = "last_delivery_at")
    public Instant lastDeliveryAt;
}
