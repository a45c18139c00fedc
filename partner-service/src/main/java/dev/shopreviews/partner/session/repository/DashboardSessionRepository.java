package dev.shopreviews.partner.session.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;

@ApplicationScoped
public class DashboardSessionRepository implements PanacheRepositoryBase<DashboardSession, String> {

    /** The owner's sessions neither ended nor expired, newest first. */
    public Uni<List<DashboardSession>> open(long ownerId, Instant now) {
        return list("ownerId = ?1 and endedAt is null and expiresAt > ?2 order by openedAt desc", ownerId, now);
    }

    /** This owner's session of this id, locked; null for an unknown id or another owner's session. */
    public Uni<DashboardSession> ofOwner(long ownerId, String id) {
        return find("id = ?1 and ownerId = ?2", id, ownerId).withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    /** Every session of the owner ends (sign-out, a new password, a second-factor change). */
    public Uni<Integer> endAll(long ownerId, Instant now) {
        return update("endedAt = ?1 where ownerId = ?2 and endedAt is null", now, ownerId);
    }

    public Uni<Long> deleteExpiredBefore(Instant horizon) {
        return delete("expiresAt < ?1", horizon);
    }
}
