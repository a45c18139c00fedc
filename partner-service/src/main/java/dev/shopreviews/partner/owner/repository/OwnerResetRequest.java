package dev.shopreviews.partner.owner.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A password-reset request not yet handled: stored for every address, known or not, so both answer alike. */
@Entity
@Table(name = "owner_reset_request")
public class OwnerResetRequest {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String email;

    @Column(name = "requested_at", nullable = false)
    public Instant requestedAt;
}
