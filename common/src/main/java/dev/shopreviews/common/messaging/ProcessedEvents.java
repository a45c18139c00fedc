package dev.shopreviews.common.messaging;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The idempotent-consumer log: an event id is recorded in the consumer's transaction, so a redelivered event
 * is recognised and skipped. Call inside the consumer's transaction.
 */
@ApplicationScoped
public class ProcessedEvents {

    /** True the first time this event id is seen by this service; false for a redelivery. */
    public Uni<Boolean> firstDelivery(String eventId) {
        if (eventId == null || eventId.isBlank()) {
            return Uni.createFrom().item(true);
        }
        return Panache.getSession().chain(session -> session
                .createNativeQuery("insert into processed_event(event_id, processed_at) values (?1, now()) on conflict do nothing")
                .setParameter(1, eventId)
                .executeUpdate()
                .map(inserted -> inserted == 1));
    }
}
