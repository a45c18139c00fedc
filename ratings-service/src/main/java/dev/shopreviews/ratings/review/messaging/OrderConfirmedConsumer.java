package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.ratings.review.service.OrderVerification;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.OrderNumber;
import dev.shopreviews.common.rules.ReviewSubmission;
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
        String orderNumber = OrderNumber.normalise(confirmed.orderNumber());
        String email = EmailAddress.normalise(confirmed.email());
        return processed.firstDelivery(confirmed.eventId()).chain(first -> !first ? Uni.createFrom().voidItem()
                : verification.confirm(confirmed.webshopId(), orderNumber, email)
                .invoke(released -> LOG.infof("Order %s of webshop %d confirmed; %d held review(s) published",
                        orderNumber, confirmed.webshopId(), released))
                .replaceWithVoid());
    }

    /**
     * The reviews' own field rules (common {@code rules}): a confirmation can only ever verify a review the core stored,
     * so an order number or address the core would refuse in a review makes it one that can never be applied.
     */
    static void check(OrderConfirmed confirmed) {
        if (confirmed == null || confirmed.webshopId() <= 0) {
            throw new UnusableRecord("incomplete order confirmation");
        }
        if (confirmed.eventId() != null && confirmed.eventId().length() > ReviewSubmission.MAX_EVENT_ID) {
            throw new UnusableRecord("incomplete order confirmation: event_id is longer than " + ReviewSubmission.MAX_EVENT_ID + " characters");
        }
        String orderNumber = OrderNumber.normalise(confirmed.orderNumber()) == null ? "order_number is missing"
                : OrderNumber.problem(confirmed.orderNumber());
        if (orderNumber != null) {
            throw new UnusableRecord("incomplete order confirmation: " + orderNumber);
        }
        if (!EmailAddress.valid(confirmed.email())) {
            throw new UnusableRecord("incomplete order confirmation: " + EmailAddress.REFUSED);
        }
    }
}
