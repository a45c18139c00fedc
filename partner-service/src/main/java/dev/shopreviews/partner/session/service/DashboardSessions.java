package dev.shopreviews.partner.session.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.partner.session.repository.DashboardSession;
import dev.shopreviews.partner.session.repository.DashboardSessionRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The owner's dashboard sessions: each one opened is recorded by its cookie's id, so the owner sees where they are
 * signed in and can end one session (in every service, through {@link SessionEnds}) while the others go on.
 * Cookies from before sessions had ids are in no list; they end with the owner's sessions or when they expire.
 */
@ApplicationScoped
public class DashboardSessions {
    public static final String NOT_FOUND = "Session not found.";

    private final DashboardSessionRepository repository;
    private final OwnerSessions cookies;
    private final SessionEnds ends;
    private final AuditLog audit;

    public DashboardSessions(DashboardSessionRepository repository, OwnerSessions cookies, SessionEnds ends, AuditLog audit) {
        this.repository = repository;
        this.cookies = cookies;
        this.ends = ends;
        this.audit = audit;
    }

    /** A new session's cookie, recorded; call inside the transaction that signs the owner in. */
    public Uni<String> open(long ownerId, String email, Collection<Long> webshops, String userAgent) {
        Instant now = Instant.now();
        DashboardSession session = new DashboardSession();
        session.id = OwnerSessions.newSessionId();
        session.ownerId = ownerId;
        session.openedAt = now;
        session.expiresAt = now.plus(OwnerSessions.LIFETIME);
        session.client = ClientDescriptions.describe(userAgent);
        return repository.deleteExpiredBefore(now.minus(Duration.ofDays(1)))
                .chain(() -> repository.persist(session))
                .map(stored -> cookies.open(ownerId, email, webshops, now, stored.id));
    }

    /** Sign-out: every session of the owner ends in every service, audited in the same transaction. */
    public Uni<Void> signOut(Owner owner) {
        return Panache.withTransaction(() -> audit.record(owner, "owner.sign-out", "owner:" + owner.id(), null, null,
                        Map.of("sessions", "ended"))
                .chain(() -> ends.ofOwner(owner.id(), "sign-out")));
    }

    /** The owner's sessions neither ended nor expired, newest first. */
    public Uni<List<DashboardSession>> of(Owner owner) {
        return Panache.withSession(() -> repository.open(owner.id(), Instant.now()));
    }

    /**
     * Ends one of the owner's sessions in every service, audited; ending one already over changes nothing. 404
     * envelope for an unknown id and for another owner's session alike.
     */
    public Uni<Void> end(Owner owner, String id) {
        return Panache.withTransaction(() -> repository.ofOwner(owner.id(), id).chain(session -> {
            if (session == null) {
                return Uni.createFrom().failure(new EnvelopeException(404, NOT_FOUND));
            }
            if (session.endedAt != null) {
                return Uni.createFrom().voidItem();
            }
            session.endedAt = Instant.now();
            return audit.record(owner, "owner.session.end", "owner-session:" + id, null, Map.of("ended", false),
                            Map.of("ended", true, "own", id.equals(owner.sessionId())))
                    .chain(() -> ends.ofOwnerSession(id, "ended-by-owner"));
        }));
    }
}
