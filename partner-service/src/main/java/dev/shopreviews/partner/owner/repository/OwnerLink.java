package dev.shopreviews.partner.owner.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A mailed link to set a password (purpose invite or reset); only the token's SHA-256 is kept. */
@Entity
@Table(name = "owner_link")
public class OwnerLink {
    public static final String INVITE = "invite";
    public static final String RESET = "reset";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "owner_id", nullable = false)
    public long ownerId;

    @Column(name = "token_hash", nullable = false)
    public String tokenHash;

    @Column(nullable = false)
    public String purpose;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "used_at")
    public Instant usedAt;
}
