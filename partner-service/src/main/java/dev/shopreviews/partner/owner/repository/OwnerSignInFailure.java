package dev.shopreviews.partner.owner.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One failed dashboard sign-in: for the limits per address and per client address. */
@Entity
@Table(name = "owner_sign_in_failure")
public class OwnerSignInFailure {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String email;

    @Column(name = "client_address", nullable = false)
    public String clientAddress;

    @Column(nullable = false)
    public Instant at;
}
