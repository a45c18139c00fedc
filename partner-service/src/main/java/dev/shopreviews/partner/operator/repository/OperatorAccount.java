package dev.shopreviews.partner.operator.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A named operator of the console: role, Argon2id password hash, TOTP secret. */
@Entity
@Table(name = "operator_account")
public class OperatorAccount {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public String role;

    @Column(name = "password_hash", nullable = false)
    public String passwordHash;

    @Column(name = "totp_secret", nullable = false)
    public String totpSecret;

    @Column(name = "totp_last_step", nullable = false)
    public long totpLastStep;

    @Column(nullable = false)
    public boolean active;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "created_by", nullable = false)
    public String createdBy;
}
