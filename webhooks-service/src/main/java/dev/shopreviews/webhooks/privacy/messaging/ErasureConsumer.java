package dev.shopreviews.webhooks.privacy.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.privacy.CustomerErasures;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.webhooks.privacy.repository.DeliveryErasure;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

/**
 * Applies {@code customers.erased} (docs/privacy.md) to this service: in ONE transaction the deliveries whose payload
 * names the address are deleted (pending ones too; their attempts by cascade), at the event's webshop or every one,
 * and so are the dead letters that mention it. Idempotent: the event id is recorded ({@link CustomerErasures}), and
 * applying it again would find nothing left. A malformed event is dead-lettered ({@link GuardedRecords}).
 */
@ApplicationScoped
public class ErasureConsumer implements ReplayableChannel {
    static final String CHANNEL = "erasures";
    private static final Logger LOG = Logger.getLogger(ErasureConsumer.class);

    private final CustomerErasures once;
    private final DeliveryErasure erasure;
    private final DeadLetters deadLetters;
    private final GuardedRecords guarded;

    public ErasureConsumer(CustomerErasures once, DeliveryErasure erasure, DeadLetters deadLetters,
                           GuardedRecords guarded) {
        this.once = once;
        this.erasure = erasure;
        this.deadLetters = deadLetters;
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

    private Uni<Void> apply(CustomerErased event) {
        return once.applyOnce(event, erased -> erasure.erase(erased.webshopId(), erased.emailHash())
                .chain(deliveries -> deadLetters.eraseMentioning(erased.emailHash())
                        .invoke(letters -> LOG.infof("Erasure %s (webshop %d): %d webhook deliveries, %d dead letters deleted",
                                erased.reference(), erased.webshopId(), deliveries, letters))));
    }
}
