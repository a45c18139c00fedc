package dev.shopreviews.common.privacy;

import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.messaging.UnusableRecord;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Function;

/**
 * What every service's {@code customers.erased} consumer does before and around its own rows: refuses a malformed
 * event (an {@link UnusableRecord}, so {@code GuardedRecords} dead-letters it) and applies an event once
 * ({@link ProcessedEvents}). docs/privacy.md has what each service erases.
 */
@ApplicationScoped
public class CustomerErasures {
    private final ProcessedEvents processed;

    public CustomerErasures(ProcessedEvents processed) {
        this.processed = processed;
    }

    /** Runs {@code ownRows} for a usable event that was not applied before. Call inside the consumer's transaction. */
    public Uni<Void> applyOnce(CustomerErased event, Function<CustomerErased, Uni<?>> ownRows) {
        requireUsable(event);
        return processed.firstDelivery(event.eventId())
                .chain(first -> first ? ownRows.apply(event).replaceWithVoid() : Uni.createFrom().voidItem());
    }

    public static void requireUsable(CustomerErased event) {
        if (event == null || event.eventId() == null || event.eventId().isBlank() || event.eventId().length() > 64) {
            throw new UnusableRecord("event_id is missing or longer than 64 characters");
        }
        if (!EmailHash.isHash(event.emailHash())) {
            throw new UnusableRecord("email_hash is not 64 lower-case hex digits (SHA-256)");
        }
        if (event.webshopId() < 0) {
            throw new UnusableRecord("webshop_id is neither 0 (every webshop) nor a webshop id");
        }
    }
}
