package dev.shopreviews.partner.operator.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A named API key of an operator's script: its role, the key's SHA-256 only, and whether it was revoked. */
@Entity
@Table(name = "operator_api_key")
public class OperatorApiKey {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public String role;

    @Column(name = "key_hash", nullable = false)
    public String keyHash;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "created_by", nullable = false)
    public String createdBy;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;
}
