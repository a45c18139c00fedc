package dev.shopreviews.invitations.erasure.messaging;

import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.privacy.CustomerErasures;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.invitations.erasure.service.Erasures;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.Set;

/**
 * Consumes {@code customers.erased} (channel {@value #CHANNEL}): applies each erasure to this service's tables
 * ({@link Erasures}) in one transaction; idempotent on the event id; unusable records are dead-lettered.
 */
@ApplicationScoped
public class CustomerErasedConsumer implements ReplayableChannel {
    static final String CHANNEL = "erasures";

    private final CustomerErasures once;
    private final Erasures erasures;
    private final GuardedRecords guarded;

    public CustomerErasedConsumer(CustomerErasures once, Erasures erasures, GuardedRecords guarded) {
        this.once = once;
        this.erasures = erasures;
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onErasure(ConsumerRecord<String, CustomerErased> record) {
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
        return once.applyOnce(event, erasures::apply);
    }
}
