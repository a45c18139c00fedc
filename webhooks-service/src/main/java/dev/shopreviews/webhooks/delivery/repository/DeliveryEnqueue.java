package dev.shopreviews.webhooks.delivery.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Queues one delivery per active subscription of the webshop and topic, in ONE statement inside the consumer's
 * transaction (the same one that records the event id as processed).
 */
@ApplicationScoped
public class DeliveryEnqueue {

    public Uni<Integer> forEvent(long webshopId, String topic, String eventId, String payload, boolean published) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published,
                                                      state, attempts, next_attempt_at, created_at)
                        select s.id, s.webshop_id, ?1, s.topic, s.endpoint, ?2, ?3, 'pending', 0, now(), now()
                        from webhook_subscription s
                        where s.webshop_id = ?4 and s.topic = ?5 and s.active""")
                .setParameter(1, eventId)
                .setParameter(2, payload)
                .setParameter(3, published)
                .setParameter(4, webshopId)
                .setParameter(5, topic)
                .executeUpdate());
    }
}
