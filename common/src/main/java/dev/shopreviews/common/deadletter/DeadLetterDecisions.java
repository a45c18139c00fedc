package dev.shopreviews.common.deadletter;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.messaging.Failures;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.outbox.OutboxRelay;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;

/**
 * Replay, repair and discard as the operator asks for them (machine token or console): each in one transaction with its
 * audit entry. A replay whose handler fails again rolls back and leaves the letter pending (422).
 */
@ApplicationScoped
public class DeadLetterDecisions {
    /** As large as a record may be on our topics (1 MB messages), in characters. */
    static final int MAX_PAYLOAD = 1_000_000;
    private final DeadLetters deadLetters;
    private final AuditLog audit;
    private final OutboxRelay relay;

    public DeadLetterDecisions(DeadLetters deadLetters, AuditLog audit, OutboxRelay relay) {
        this.deadLetters = deadLetters;
        this.audit = audit;
        this.relay = relay;
    }

    public Uni<DeadLetter> replay(Operator who, long id) {
        return Panache.withTransaction(() -> deadLetters.replay(id).call(letter -> recorded(who, "dead-letter.replay", letter)))
                .onFailure(failure -> !(failure instanceof EnvelopeException))
                .transform(failure -> new EnvelopeException(422, "Replay failed, the dead letter stays pending: "
                        + Failures.describe(failure)))
                .invoke(relay::nudge);
    }

    /** A replay of the operator's corrected payload; 422 and nothing changed when that cannot be applied either. */
    public Uni<DeadLetter> repair(Operator who, long id, String payload) {
        if (payload == null || payload.isBlank() || payload.length() > MAX_PAYLOAD) {
            throw EnvelopeException.invalid("payload must be the corrected record, at most " + MAX_PAYLOAD + " characters.");
        }
        return Panache.withTransaction(() -> deadLetters.repair(id, payload).call(letter -> recorded(who, "dead-letter.repair", letter)))
                .onFailure(failure -> !(failure instanceof EnvelopeException))
                .transform(failure -> new EnvelopeException(422, "The repaired record cannot be applied either, the dead letter stays pending: "
                        + Failures.describe(failure)))
                .invoke(relay::nudge);
    }

    public Uni<DeadLetter> discard(Operator who, long id) {
        return Panache.withTransaction(() -> deadLetters.discard(id).call(letter -> recorded(who, "dead-letter.discard", letter)));
    }

    private Uni<?> recorded(Operator who, String action, DeadLetter letter) {
        return audit.record(who, action, "dead-letter:" + letter.id + " " + letter.channel, null,
                Map.of("state", DeadLetter.PENDING), Map.of("state", letter.state));
    }
}
