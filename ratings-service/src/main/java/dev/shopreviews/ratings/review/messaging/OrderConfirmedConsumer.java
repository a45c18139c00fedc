package dev.shopreviews.ratings.review.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.ratings.review.service.OrderVerification;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Consumes {@code orders.confirmed} (from invitations-service), idempotently. The confirmation may come before
 * or after the pop-up review of that order; both orders end with the review verified and published.
 */
@ApplicationScoped
public class OrderConfirmedConsumer {
    private static final Logger LOG = Logger.getLogger(OrderConfirmedConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final OrderVerification verification;

    public OrderConfirmedConsumer(ObjectMapper mapper, ProcessedEvents processed, OrderVerification verification) {
        this.mapper = mapper;
        this.processed = processed;
        this.verification = verification;
    }

    @Incoming("orders-confirmed")
    public Uni<Void> onConfirmed(String json) {
        return RetriedTransactions.inTransaction("Record on orders-confirmed", () -> onConfirmedInTransaction(json));
    }

    private Uni<Void> onConfirmedInTransaction(String json) {
        OrderConfirmed confirmed = parse(json);
        if (confirmed == null) {
            return Uni.createFrom().voidItem();
        }
        return processed.firstDelivery(confirmed.eventId()).chain(first -> !first ? Uni.createFrom().voidItem()
                : verification.confirm(confirmed.webshopId(), confirmed.orderNumber().trim())
                .invoke(released -> LOG.infof("Order %s of webshop %d confirmed; %d held review(s) published",
                        confirmed.orderNumber(), confirmed.webshopId(), released))
                .replaceWithVoid());
    }

    private OrderConfirmed parse(String json) {
        try {
            OrderConfirmed confirmed = json == null ? null : mapper.readValue(json, OrderConfirmed.class);
            if (confirmed == null || confirmed.webshopId() <= 0 || confirmed.orderNumber() == null
                    || confirmed.orderNumber().isBlank() || confirmed.orderNumber().trim().length() > 255
                    || (confirmed.eventId() != null && confirmed.eventId().length() > 64)) {
                LOG.warnf("Ignoring incomplete order confirmation");
                return null;
            }
            return confirmed;
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed order confirmation: %s", e.getMessage());
            return null;
        }
    }
}
