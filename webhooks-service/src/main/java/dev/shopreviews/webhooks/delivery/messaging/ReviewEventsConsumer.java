package dev.shopreviews.webhooks.delivery.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.tracing.Tracing;
import dev.shopreviews.common.messaging.ConsumedRecords;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.webhooks.delivery.repository.DeliveryEnqueue;
import dev.shopreviews.webhooks.delivery.repository.QueuedEvent;
import dev.shopreviews.webhooks.delivery.service.DeliveryWorker;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns review events into queued deliveries: in ONE transaction per polled batch the events' ids are recorded as
 * processed and one delivery per active subscription of each event's webshop and topic is inserted (three
 * statements, whatever the batch size). A redelivered event changes nothing.
 * The delivery body is the event's review, a ratings.json item, for all three topics (docs/api-notes.md).
 */
@ApplicationScoped
public class ReviewEventsConsumer implements ReplayableChannel {
    private static final Map<String, EventTopic<ReviewChanged>> CHANNELS = Map.of("reviews-created", Topics.REVIEWS_CREATED,
            "reviews-updated", Topics.REVIEWS_UPDATED, "reviews-deleted", Topics.REVIEWS_DELETED);
    private static final Logger LOG = Logger.getLogger(ReviewEventsConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final DeliveryEnqueue enqueue;
    private final DeliveryWorker worker;
    private final GuardedRecords guarded;

    public ReviewEventsConsumer(ObjectMapper mapper, ProcessedEvents processed, DeliveryEnqueue enqueue,
                                DeliveryWorker worker, GuardedRecords guarded) {
        this.guarded = guarded;
        this.mapper = mapper;
        this.processed = processed;
        this.enqueue = enqueue;
        this.worker = worker;
    }

    // Batches (batch=true): one transaction per batch instead of one per record, so 100 reviews a second of one
    // busy webshop do not queue up behind per-record commits. Records keep their order.
    @Incoming("reviews-created")
    public Uni<Void> onCreated(ConsumerRecords<String, ReviewChanged> records) {
        return inOneTransaction("reviews-created", Topics.REVIEWS_CREATED, records);
    }

    @Incoming("reviews-updated")
    public Uni<Void> onUpdated(ConsumerRecords<String, ReviewChanged> records) {
        return inOneTransaction("reviews-updated", Topics.REVIEWS_UPDATED, records);
    }

    @Incoming("reviews-deleted")
    public Uni<Void> onDeleted(ConsumerRecords<String, ReviewChanged> records) {
        return inOneTransaction("reviews-deleted", Topics.REVIEWS_DELETED, records);
    }

    @Override
    public Set<String> channels() {
        return CHANNELS.keySet();
    }

    /** The same handling for a replayed dead letter of one of the three channels. */
    @Override
    public Uni<Void> replay(String channel, String json) {
        EventTopic<ReviewChanged> topic = CHANNELS.get(channel);
        return enqueue(topic, List.of(queued(topic, EventJson.read(topic, json), null)));
    }

    private Uni<Void> inOneTransaction(String channel, EventTopic<ReviewChanged> topic,
                                       ConsumerRecords<String, ReviewChanged> records) {
        return guarded.applyBatch(channel, records,
                        batch -> enqueue(topic, batch.stream()
                                .map(record -> queued(topic, ConsumedRecords.event(record), Tracing.traceparentOf(record))).toList()))
                .invoke(worker::kick);  // the new deliveries go out now, not at the worker's next poll
    }

    /** Queues the deliveries of the events not seen before; an unusable event fails the whole call (UnusableRecord). */
    private Uni<Void> enqueue(EventTopic<ReviewChanged> topic, List<QueuedEvent> events) {
        return processed.firstDeliveries(events.stream().map(QueuedEvent::eventId).toList())
                .chain(fresh -> enqueue.forEvents(topic.name(), events.stream().filter(e -> fresh.claim(e.eventId())).toList()))
                .invoke(count -> LOG.debugf("%d records on %s: %d webhook deliveries queued", events.size(), topic, count))
                .replaceWithVoid();
    }

    /** The exact delivery body: the review as a ratings.json item (RatingItem keeps the spec's field order). */
    private String body(ReviewChanged event) {
        try {
            return mapper.writeValueAsString(event.review());
        } catch (Exception e) {
            throw new IllegalStateException("Review cannot be written as JSON", e);
        }
    }

    private QueuedEvent queued(EventTopic<ReviewChanged> topic, ReviewChanged event, String traceparent) {
        if (event.eventId() == null || event.eventId().isBlank() || event.eventId().length() > 64
                || event.review() == null) {
            throw new UnusableRecord("incomplete review event on " + topic);
        }
        String email = event.review().email();
        return new QueuedEvent(event.webshopId(), event.eventId(), body(event), event.published(),
                email == null || email.isBlank() ? null : EmailHash.of(email), traceparent);
    }
}
