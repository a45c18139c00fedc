package dev.shopreviews.webhooks.delivery.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.webhooks.delivery.repository.DeliveryEnqueue;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;

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

    // Batches (batch=true): one transaction per batch instead of one per record, so 100 reviews a second of one
    // busy webshop do not queue up behind per-record commits. Records keep their order.
    @Incoming("reviews-created")
    public Uni<Void> onCreated(List<String> records) {
        return inOneTransaction(Topics.REVIEWS_CREATED, records);
    }

    @Incoming("reviews-updated")
    public Uni<Void> onUpdated(List<String> records) {
        return inOneTransaction(Topics.REVIEWS_UPDATED, records);
    }

    @Incoming("reviews-deleted")
    public Uni<Void> onDeleted(List<String> records) {
        return inOneTransaction(Topics.REVIEWS_DELETED, records);
    }

    private Uni<Void> inOneTransaction(String topic, List<String> records) {
        return RetriedTransactions.inTransaction("Batch of " + records.size() + " records on " + topic,
                () -> Multi.createFrom().iterable(records)
                        .onItem().transformToUniAndConcatenate(json -> queue(topic, json))
                        .collect().last().replaceWithVoid());
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
