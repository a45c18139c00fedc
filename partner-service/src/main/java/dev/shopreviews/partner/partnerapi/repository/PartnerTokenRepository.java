package dev.shopreviews.partner.partnerapi.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class PartnerTokenRepository implements PanacheRepositoryBase<PartnerToken, Long> {

    /** The unrevoked token with this SHA-256 hash, or null. */
    public Uni<PartnerToken> findActiveByHash(String tokenHash) {
        return find("tokenHash = ?1 and revokedAt is null", tokenHash).firstResult();
    }
}
