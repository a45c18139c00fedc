package dev.shopreviews.partner.owner.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A shop owner of the dashboard: lower-cased address, Argon2id password hash (null until set), optional TOTP. */
@Entity
@Table(name = "owner_account")
public class OwnerAccount {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String email;

    @Column(name = "password_hash")
    public String passwordHash;

    @Column(name = "totp_secret")
    public String totpSecret;

    /** A secret shown to the owner but not yet confirmed with a code; it becomes {@link #totpSecret} on confirmation. */
    @Column(name = "totp_pending")
    public String totpPending;

    @Column(name = "totp_last_step", nullable = false)
    public long totpLastStep;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "created_by", nullable = false)
    public String createdBy;
}
