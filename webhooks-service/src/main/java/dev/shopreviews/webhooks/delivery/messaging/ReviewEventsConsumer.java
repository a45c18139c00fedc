package dev.shopreviews.webhooks.delivery.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.messaging.RetriedTransactions;
import dev.shopreviews.webhooks.delivery.repository.DeliveryEnqueue;
import dev.shopreviews.webhooks.delivery.repository.QueuedEvent;
import dev.shopreviews.webhooks.delivery.service.DeliveryWorker;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Objects;

/**
 * Turns review events into queued deliveries: in ONE transaction per polled batch the events' ids are recorded as
 * processed and one delivery per active subscription of each event's webshop and topic is inserted (three
 * statements, whatever the batch size). A redelivered event changes nothing.
 * The delivery body is the event's review, a ratings.json item, for all three topics (README, API notes).
 */
@ApplicationScoped
public class ReviewEventsConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewEventsConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final DeliveryEnqueue enqueue;
    private final DeliveryWorker worker;

    public ReviewEventsConsumer(ObjectMapper mapper, ProcessedEvents processed, DeliveryEnqueue enqueue,
                                DeliveryWorker worker) {
        this.mapper = mapper;
        this.processed = processed;
        this.enqueue = enqueue;
        this.worker = worker;
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
        List<QueuedEvent> events = records.stream().map(json -> parse(topic, json)).filter(Objects::nonNull).toList();
        return RetriedTransactions.inTransaction("Batch of " + records.size() + " records on " + topic,
                        () -> processed.firstDeliveries(events.stream().map(QueuedEvent::eventId).toList())
                                .chain(fresh -> enqueue.forEvents(topic, events.stream().filter(e -> fresh.claim(e.eventId())).toList()))
                                .invoke(count -> LOG.debugf("%d records on %s: %d webhook deliveries queued", records.size(), topic, count))
                                .replaceWithVoid())
                .invoke(worker::kick);  // the new deliveries go out now, not at the worker's next poll
    }

    /** The exact delivery body: the review as a ratings.json item (RatingItem keeps the spec's field order). */
    private String body(ReviewChanged event) {
        try {
            return mapper.writeValueAsString(event.review());
        } catch (Exception e) {
            throw new IllegalStateException("Review cannot be written as JSON", e);
        }
    }

    private QueuedEvent parse(String topic, String json) {
        try {
            ReviewChanged event = json == null ? null : mapper.readValue(json, ReviewChanged.class);
            if (event == null || event.eventId() == null || event.eventId().isBlank() || event.eventId().length() > 64
                    || event.review() == null) {
                LOG.warnf("Ignoring incomplete review event on %s", topic);
                return null;
            }
            return new QueuedEvent(event.webshopId(), event.eventId(), body(event), event.published());
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed review event on %s: %s", topic, e.getMessage());
            return null;
        }
    }
}
