package dev.shopreviews.partner.operator.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One failed sign-in to the console, counted per name and per client address. */
@Entity
@Table(name = "operator_sign_in_failure")
public class SignInFailure {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String name;

    @Column(name = "client_address", nullable = false)
    public String clientAddress;

    @Column(nullable = false)
    public Instant at;
}
