package dev.shopreviews.partner.partnerapi.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A token the operator issued to a partner; stored only as a hash. Read and written through {@link PartnerTokenRepository}. */
@Entity
@Table(name = "partner_token")
public class PartnerToken {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public String partner;
    @Column(name = "token_hash", nullable = false)
    public String tokenHash;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;
}
