package dev.shopreviews.partner.owner.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;

@ApplicationScoped
public class OwnerLinkRepository implements PanacheRepositoryBase<OwnerLink, Long> {

    /** The unused, unexpired link of this token hash, locked: a link works once even when two requests race. */
    public Uni<OwnerLink> usable(String tokenHash, Instant now) {
        return find("tokenHash = ?1 and usedAt is null and expiresAt > ?2", tokenHash, now)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    /** This owner's links of this purpose still open: at most a few reset mails are out at once. */
    public Uni<Long> countOpen(long ownerId, String purpose, Instant now) {
        return count("ownerId = ?1 and purpose = ?2 and usedAt is null and expiresAt > ?3", ownerId, purpose, now);
    }

    /** A new password makes every other open link of the owner useless. */
    public Uni<Integer> closeAll(long ownerId, Instant now) {
        return update("usedAt = ?1 where ownerId = ?2 and usedAt is null", now, ownerId);
    }
}
