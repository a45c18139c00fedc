package dev.shopreviews.webhooks.delivery.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Queues one delivery per active subscription of each event's webshop and the topic, for a whole batch of events
 * in ONE statement inside the consumer's transaction (the same one that records the event ids as processed).
 * Deliveries take their ids in the order of the events, so each endpoint gets them in that order.
 * <p>
 * The one statement of this service that runs on the Hibernate Reactive session instead of the SQL client: it must
 * join the transaction common's {@code GuardedRecords} opened with {@code Panache.withTransaction}, in which
 * common's {@code ProcessedEvents} records the event ids (a pooled connection would be a second transaction).
 */
@ApplicationScoped
public class DeliveryEnqueue {
    private static final String INSERT = """
            insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published,
                                          state, attempts, next_attempt_at, created_at, email_hash, traceparent)
            select s.id, s.webshop_id, u.event_id, s.topic, s.endpoint, u.payload, u.published, 'pending', 0, now(), now(),
                   u.email_hash, u.traceparent
            from unnest(cast(?1 as bigint[]), cast(?2 as text[]), cast(?3 as text[]), cast(?4 as boolean[]), cast(?6 as text[]),
                        cast(?7 as text[]))
                     with ordinality as u(webshop_id, event_id, payload, published, email_hash, traceparent, n)
            join webhook_subscription s on s.webshop_id = u.webshop_id and s.topic = ?5 and s.active
            order by u.n, s.id""";

    /** Answers how many deliveries were queued. */
    public Uni<Integer> forEvents(String topic, List<QueuedEvent> events) {
        if (events.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(INSERT)
                .setParameter(1, events.stream().map(QueuedEvent::webshopId).toArray(Long[]::new))
                .setParameter(2, events.stream().map(QueuedEvent::eventId).toArray(String[]::new))
                .setParameter(3, events.stream().map(QueuedEvent::body).toArray(String[]::new))
                .setParameter(4, events.stream().map(QueuedEvent::published).toArray(Boolean[]::new))
                .setParameter(5, topic)
                .setParameter(6, events.stream().map(QueuedEvent::emailHash).toArray(String[]::new))
                .setParameter(7, events.stream().map(QueuedEvent::traceparent).toArray(String[]::new))
                .executeUpdate());
    }
}
