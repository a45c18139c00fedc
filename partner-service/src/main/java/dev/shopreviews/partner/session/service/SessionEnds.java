package dev.shopreviews.partner.session.service;

import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
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

    public SessionEnds(Outbox outbox) {
        this.outbox = outbox;
    }

    public Uni<Void> ofOwner(long ownerId, String reason) {
        return end(SessionsEnded.OWNER, Long.toString(ownerId), reason);
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
