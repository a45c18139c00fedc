package dev.shopreviews.webhooks.privacy.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Deletes the deliveries whose payload names one address (its review's {@code email}), whatever their state, at one
 * webshop or every one; their attempts go by cascade. One statement on the indexed {@code email_hash} column (V5,
 * written with each delivery), so no delivery is loaded into memory.
 * <p>
 * Runs on the Hibernate Reactive session, like {@code DeliveryEnqueue}: it must join the consumer's transaction that
 * common's {@code GuardedRecords} opened, in which {@code ProcessedEvents} records the event and
 * {@code DeadLetters.eraseMentioning} deletes the dead letters.
 */
@ApplicationScoped
public class DeliveryErasure {
    private static final String DELETE = """
            delete from webhook_delivery
            where email_hash = ?1 and (?2 = 0 or webshop_id = ?2)""";

    /** Answers how many deliveries were deleted. Call inside a transaction. */
    public Uni<Integer> erase(long webshopId, String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(DELETE)
                .setParameter(1, emailHash)
                .setParameter(2, webshopId)
                .executeUpdate());
    }
}
