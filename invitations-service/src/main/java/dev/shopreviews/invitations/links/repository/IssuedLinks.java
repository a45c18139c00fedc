package dev.shopreviews.invitations.links.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Table review_link. Call inside a session or transaction. */
@ApplicationScoped
public class IssuedLinks implements PanacheRepositoryBase<IssuedLink, String> {

    /** Revokes every unrevoked link of the invitation; answers how many. */
    public Uni<Integer> revokeAll(long invitationId, Instant at) {
        return update("revokedAt = ?1 where invitationId = ?2 and revokedAt is null", at, invitationId);
    }
}
