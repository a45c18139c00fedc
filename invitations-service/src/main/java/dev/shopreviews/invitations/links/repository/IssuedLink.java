package dev.shopreviews.invitations.links.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One reference sent in an invitation e-mail (table review_link, migration V6), known only by its hash. */
@Entity
@Table(name = "review_link")
public class IssuedLink {
    @Id
    @Column(name = "ref_hash")
    public String refHash;

    @Column(name = "invitation_id", nullable = false)
    public long invitationId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(nullable = false)
    public String email;

    @Column(nullable = false)
    public String language;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;
}
