package dev.shopreviews.partner.session.service;

import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.partner.session.repository.DashboardSessionRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.UUID;

/**
 * Ends every open session of an account in every service: a {@code sessions.ended} event through the outbox, which
 * each instance of each service reads into common's {@code EndedSessions}. Call it inside the transaction of the
 * change that ends them (sign-out, new password, second-factor change, an operator's deactivation or new role).
 */
@ApplicationScoped
public class SessionEnds {
    private final Outbox outbox;
    private final DashboardSessionRepository dashboardSessions;

    public SessionEnds(Outbox outbox, DashboardSessionRepository dashboardSessions) {
        this.outbox = outbox;
        this.dashboardSessions = dashboardSessions;
    }

    /** Every session of the owner; the owner's list of sessions shows none of them any more. */
    public Uni<Void> ofOwner(long ownerId, String reason) {
        return dashboardSessions.endAll(ownerId, Instant.now())
                .chain(() -> end(SessionsEnded.OWNER, Long.toString(ownerId), reason));
    }

    /** One dashboard session, by its cookie's id (whenever it was opened: ids are never reused). */
    public Uni<Void> ofOwnerSession(String sessionId, String reason) {
        return end(SessionsEnded.OWNER_SESSION, sessionId, reason);
    }

    public Uni<Void> ofOperator(String name, String reason) {
        return end(SessionsEnded.OPERATOR, name, reason);
    }

    private Uni<Void> end(String kind, String account, String reason) {
        Instant now = Instant.now();
        // A millisecond back: a session the same request opens afterwards (a new cookie) is never caught by the end.
        SessionsEnded event = new SessionsEnded(UUID.randomUUID().toString(), SessionsEnded.TYPE, now, 0, kind, account,
                now.minusMillis(1), reason);
        return outbox.append(Topics.SESSIONS_ENDED, event.key(), event);
    }
}
