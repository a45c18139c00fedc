package dev.shopreviews.embed.privacy.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.privacy.CustomerErasures;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.embed.links.repository.KnownLink;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

/**
 * Applies {@code customers.erased} (docs/privacy.md) to this service in ONE transaction: the known review links whose
 * customer is the address (at the event's webshop, or every one) and the dead letters that mention it are deleted.
 * The shown review of an erased reviewer goes with ratings-service's {@code reviews.deleted} (ReadModelConsumer blanks
 * it). Idempotent ({@link CustomerErasures}; applying it again finds nothing); a malformed event is dead-lettered.
 */
@ApplicationScoped
public class ErasureConsumer implements ReplayableChannel {
    static final String CHANNEL = "erasures";
    private static final Logger LOG = Logger.getLogger(ErasureConsumer.class);

    private final CustomerErasures once;
    private final DeadLetters deadLetters;
    private final GuardedRecords guarded;

    public ErasureConsumer(CustomerErasures once, DeadLetters deadLetters, GuardedRecords guarded) {
        this.once = once;
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
        return once.applyOnce(event, erased -> KnownLink.eraseNaming(erased.webshopId(), erased.emailHash())
                .chain(links -> deadLetters.eraseMentioning(erased.emailHash())
                        .invoke(letters -> LOG.infof("Erasure %s (webshop %d): %d review links, %d dead letters deleted",
                                erased.reference(), erased.webshopId(), links, letters))));
    }
}
