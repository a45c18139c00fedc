package dev.shopreviews.embed.links.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A review link announced by invitations-service (table known_review_link, migration V3), known by its hash. */
@Entity
@Table(name = "known_review_link")
public class KnownLink extends PanacheEntityBase {
    @Id
    @Column(name = "ref_hash")
    public String refHash;

    @Column(name = "invitation_id", nullable = false)
    public long invitationId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    /** The {@code ReviewLink} as JSON: what the form shows and submits. */
    @Column(nullable = false, columnDefinition = "text")
    public String link;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    public static Uni<Integer> revokeAll(long invitationId, Instant at) {
        return update("revokedAt = ?1 where invitationId = ?2 and revokedAt is null", at, invitationId);
    }
}
