package dev.shopreviews.common.messaging;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The idempotent-consumer log: an event id is recorded in the consumer's transaction, so a redelivered event
 * is recognised and skipped. Call inside the consumer's transaction.
 */
@ApplicationScoped
public class ProcessedEvents {
    private static final String INSERT_ALL =
            "insert into processed_event(event_id, processed_at) select unnest(cast(?1 as text[])), now() on conflict do nothing";

    /** True the first time this event id is seen by this service; false for a redelivery. */
    public Uni<Boolean> firstDelivery(String eventId) {
        if (noId(eventId)) {
            return Uni.createFrom().item(true);
        }
        return Panache.getSession().chain(session -> session
                .createNativeQuery("insert into processed_event(event_id, processed_at) values (?1, now()) on conflict do nothing")
                .setParameter(1, eventId)
                .executeUpdate()
                .map(inserted -> inserted == 1));
    }

    /**
     * Records a whole batch's event ids with two statements (instead of one per record) and answers which are
     * fresh. A consumer instance that records some of the same ids concurrently makes the insert fall short: the
     * transaction then fails with {@link ConcurrentDeliveryException} and its retry sees those ids as processed.
     */
    public Uni<FreshEvents> firstDeliveries(Collection<String> eventIds) {
        Set<String> wanted = eventIds.stream().filter(id -> !noId(id)).collect(Collectors.toCollection(LinkedHashSet::new));
        if (wanted.isEmpty()) {
            return Uni.createFrom().item(new FreshEvents(new HashSet<>()));
        }
        return Panache.getSession().chain(session -> session
                .createSelectionQuery("select e.eventId from ProcessedEvent e where e.eventId in :ids", String.class)
                .setParameter("ids", wanted)
                .getResultList()
                .chain(seen -> {
                    Set<String> fresh = new HashSet<>(wanted);
                    seen.forEach(fresh::remove);
                    if (fresh.isEmpty()) {
                        return Uni.createFrom().item(new FreshEvents(fresh));
                    }
                    return session.createNativeQuery(INSERT_ALL)
                            .setParameter(1, fresh.toArray(String[]::new))
                            .executeUpdate()
                            .map(inserted -> {
                                if (inserted != fresh.size()) {
                                    throw new ConcurrentDeliveryException(fresh.size() - inserted);
                                }
                                return new FreshEvents(fresh);
                            });
                }));
    }

    /** Forgets an event recorded in this transaction (a dead-lettered one), so that a replay of it is applied. */
    public Uni<Void> forget(String eventId) {
        if (noId(eventId)) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession().chain(session -> session
                .createNativeQuery("delete from processed_event where event_id = ?1")
                .setParameter(1, eventId)
                .executeUpdate()
                .replaceWithVoid());
    }

    static boolean noId(String eventId) {
        return eventId == null || eventId.isBlank();
    }

    /** Another consumer instance recorded some of the batch's events meanwhile; retrying the batch sorts it out. */
    public static final class ConcurrentDeliveryException extends RuntimeException {
        ConcurrentDeliveryException(int taken) {
            super(taken + " event(s) of the batch were recorded concurrently by another consumer");
        }
    }
}
