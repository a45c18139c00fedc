package dev.shopreviews.ratings.privacy.messaging;

import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.privacy.CustomerErasures;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.ratings.privacy.service.Erasure;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

/**
 * Consumes {@code customers.erased} (from invitations-service), idempotently, one erasure per transaction
 * ({@link Erasure}). A record without a SHA-256 hex {@code email_hash} or with a negative webshop id is
 * dead-lettered; the channel goes on.
 */
@ApplicationScoped
public class CustomerErasedConsumer implements ReplayableChannel {
    static final String CHANNEL = "erasures";
    private static final Logger LOG = Logger.getLogger(CustomerErasedConsumer.class);

    private final CustomerErasures once;
    private final Erasure erasure;
    private final GuardedRecords guarded;

    public CustomerErasedConsumer(CustomerErasures once, Erasure erasure, GuardedRecords guarded) {
        this.once = once;
        this.erasure = erasure;
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onErased(ConsumerRecord<String, CustomerErased> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.CUSTOMERS_ERASED, payload));
    }

    public Uni<Void> apply(CustomerErased erased) {
        return once.applyOnce(erased, event -> erasure.erase(event.emailHash(), event.webshopId())
                .invoke(done -> LOG.infof("Erasure %s (webshop %s): %d review(s), %d newly deleted, %d order "
                                + "confirmation(s), %d reply notification(s), %d dead letter(s)", erased.reference(),
                        erased.everyShop() ? "every" : String.valueOf(erased.webshopId()), done.reviews(), done.deleted(),
                        done.orderConfirmations(), done.replyNotifications(), done.deadLetters())));
    }
}
