package dev.shopreviews.invitations.invitation.messaging;

import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.Set;

/**
 * Consumes {@code reviews.created} (ratings-service): a review written through an invitation's link names the
 * invitation, which is marked reviewed (its reminder is never sent; the shop sees the status). Reviews without an
 * invitation are ignored. Applying an event again changes nothing (the first time is kept).
 */
@ApplicationScoped
public class ReviewCreatedConsumer implements ReplayableChannel {
    private static final String CHANNEL = "reviews-created";

    private final InvitationRepository invitations;
    private final GuardedRecords guarded;

    public ReviewCreatedConsumer(InvitationRepository invitations, GuardedRecords guarded) {
        this.invitations = invitations;
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onReviewCreated(ConsumerRecord<String, ReviewChanged> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.REVIEWS_CREATED, payload));
    }

    private Uni<Void> apply(ReviewChanged event) {
        if (event == null || event.occurredAt() == null) {
            throw new UnusableRecord("incomplete review event");
        }
        if (event.invitationId() == null) {
            return Uni.createFrom().voidItem();
        }
        return invitations.markReviewed(event.invitationId(), event.webshopId(), event.occurredAt());
    }
}
