package dev.shopreviews.invitations.consent.service;

import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.invitations.consent.repository.OrderConsentRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.UUID;

/**
 * Announces on {@code orders.confirmed} (through the outbox, inside the caller's transaction) that the shop added
 * an invitation for an order whose review was written in the pop-up; ratings-service then publishes that review
 * as verified. At most once per order.
 */
@ApplicationScoped
public class OrderConfirmations {
    private static final Logger LOG = Logger.getLogger(OrderConfirmations.class);

    private final OrderConsentRepository consents;
    private final Outbox outbox;

    public OrderConfirmations(OrderConsentRepository consents, Outbox outbox) {
        this.consents = consents;
        this.outbox = outbox;
    }

    public Uni<Void> confirm(long webshopId, String orderNumber, String email) {
        Instant now = Instant.now();
        return consents.markConfirmed(webshopId, orderNumber, email, now).chain(first -> {
            if (!first) {
                return Uni.createFrom().voidItem();
            }
            LOG.infof("Order %s of webshop %d confirmed: its pop-up review becomes verified", orderNumber, webshopId);
            OrderConfirmed event = new OrderConfirmed(UUID.randomUUID().toString(), OrderConfirmed.TYPE, now,
                    webshopId, orderNumber, email);
            return outbox.append(Topics.ORDERS_CONFIRMED, String.valueOf(webshopId), event);
        });
    }
}
