package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.UUID;

/** Sends a refused submission to {@code reviews.submitted.dlq} through the outbox. Call inside the consumer's transaction. */
@ApplicationScoped
public class DeadLetters {
    private static final Logger LOG = Logger.getLogger(DeadLetters.class);

    private final Outbox outbox;

    public DeadLetters(Outbox outbox) {
        this.outbox = outbox;
    }

    public Uni<Void> refuse(Submission submission, String reason) {
        LOG.warnf("Refused review event %s: %s", submission.eventId(), reason);
        DeadLetter letter = new DeadLetter(UUID.randomUUID().toString(), DeadLetter.TYPE, Instant.now(),
                submission.webshopId(), submission.eventId(), reason, submission.json());
        String key = submission.webshopId() == null ? "unknown" : String.valueOf(submission.webshopId());
        return outbox.append(Topics.REVIEWS_SUBMITTED_DLQ, key, letter);
    }
}
