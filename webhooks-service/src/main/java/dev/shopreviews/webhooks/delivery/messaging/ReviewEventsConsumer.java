package dev.shopreviews.webhooks.delivery.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.webhooks.delivery.repository.DeliveryEnqueue;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Turns review events into queued deliveries: in ONE transaction the event id is recorded as processed and one
 * delivery per active subscription of that webshop and topic is inserted. A redelivered event changes nothing.
 * The delivery body is the event's review, a ratings.json item, for all three topics (README, API notes).
 */
@ApplicationScoped
public class ReviewEventsConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewEventsConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final DeliveryEnqueue enqueue;

    public ReviewEventsConsumer(ObjectMapper mapper, ProcessedEvents processed, DeliveryEnqueue enqueue) {
        this.mapper = mapper;
        this.processed = processed;
        this.enqueue = enqueue;
    }

    @Incoming("reviews-created")
    public Uni<Void> onCreated(String json) {
        return RetriedTransactions.inTransaction("Record on reviews-created", () -> queue(Topics.REVIEWS_CREATED, json));
    }

    @Incoming("reviews-updated")
    public Uni<Void> onUpdated(String json) {
        return RetriedTransactions.inTransaction("Record on reviews-updated", () -> queue(Topics.REVIEWS_UPDATED, json));
    }

    @Incoming("reviews-deleted")
    public Uni<Void> onDeleted(String json) {
        return RetriedTransactions.inTransaction("Record on reviews-deleted", () -> queue(Topics.REVIEWS_DELETED, json));
    }

    private Uni<Void> queue(String topic, String json) {
        ReviewChanged event = parse(topic, json);
        if (event == null) {
            return Uni.createFrom().voidItem();
        }
        String body = body(event);
        return processed.firstDelivery(event.eventId()).chain(first -> !first ? Uni.createFrom().voidItem()
                : enqueue.forEvent(event.webshopId(), topic, event.eventId(), body, event.published())
                .invoke(count -> LOG.debugf("Event %s (%s, webshop %d): %d webhook deliveries queued",
                        event.eventId(), topic, event.webshopId(), count))
                .replaceWithVoid());
    }

    /** The exact delivery body: the review as a ratings.json item (RatingItem keeps the spec's field order). */
    private String body(ReviewChanged event) {
        try {
            return mapper.writeValueAsString(event.review());
        } catch (Exception e) {
            throw new IllegalStateException("Review cannot be written as JSON", e);
        }
    }

    private ReviewChanged parse(String topic, String json) {
        try {
            ReviewChanged event = json == null ? null : mapper.readValue(json, ReviewChanged.class);
            if (event == null || event.eventId() == null || event.eventId().isBlank() || event.eventId().length() > 64
                    || event.review() == null) {
                LOG.warnf("Ignoring incomplete review event on %s", topic);
                return null;
            }
            return event;
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed review event on %s: %s", topic, e.getMessage());
            return null;
        }
    }
}
