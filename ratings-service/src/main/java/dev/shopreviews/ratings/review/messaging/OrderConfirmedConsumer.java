package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.ratings.review.service.OrderVerification;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

/**
 * Consumes {@code orders.confirmed} (from invitations-service), idempotently. The confirmation may come before
 * or after the pop-up review of that order; both orders end with the review verified and published when its
 * e-mail address is the one the shop invited. Malformed or incomplete confirmations are dead-lettered.
 */
@ApplicationScoped
public class OrderConfirmedConsumer implements ReplayableChannel {
    private static final String CHANNEL = "orders-confirmed";
    private static final Logger LOG = Logger.getLogger(OrderConfirmedConsumer.class);

    private final ProcessedEvents processed;
    private final OrderVerification verification;
    private final GuardedRecords guarded;

    public OrderConfirmedConsumer(ProcessedEvents processed, OrderVerification verification, GuardedRecords guarded) {
        this.guarded = guarded;
        this.processed = processed;
        this.verification = verification;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onConfirmed(ConsumerRecord<String, OrderConfirmed> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.ORDERS_CONFIRMED, payload));
    }

    public Uni<Void> apply(OrderConfirmed confirmed) {
        check(confirmed);
        return processed.firstDelivery(confirmed.eventId()).chain(first -> !first ? Uni.createFrom().voidItem()
                : verification.confirm(confirmed.webshopId(), confirmed.orderNumber().trim(), confirmed.email().trim())
                .invoke(released -> LOG.infof("Order %s of webshop %d confirmed; %d held review(s) published",
                        confirmed.orderNumber(), confirmed.webshopId(), released))
                .replaceWithVoid());
    }

    private static void check(OrderConfirmed confirmed) {
        if (confirmed == null || confirmed.webshopId() <= 0 || confirmed.orderNumber() == null
                || confirmed.orderNumber().isBlank() || confirmed.orderNumber().trim().length() > 255
                || confirmed.email() == null || confirmed.email().isBlank() || confirmed.email().length() > 254
                || (confirmed.eventId() != null && confirmed.eventId().length() > 64)) {
            throw new UnusableRecord("incomplete order confirmation");
        }
    }
}
