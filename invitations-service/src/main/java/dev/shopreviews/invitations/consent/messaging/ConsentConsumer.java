package dev.shopreviews.invitations.consent.messaging;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.invitations.consent.service.ConsentService;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.common.rules.OrderNumber;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.Set;

/** Consumes {@code consents.recorded}; idempotent on the event id; unusable records are dead-lettered. */
@ApplicationScoped
public class ConsentConsumer implements ReplayableChannel {
    private static final String CHANNEL = "consents";
    private static final Set<String> CHOICES = Set.of(ConsentRecorded.CHOICE_REVIEW_WRITTEN, ConsentRecorded.CHOICE_ASK_LATER);

    private final ProcessedEvents processed;
    private final ConsentService consents;
    private final GuardedRecords guarded;

    public ConsentConsumer(ProcessedEvents processed, ConsentService consents, GuardedRecords guarded) {
        this.guarded = guarded;
        this.processed = processed;
        this.consents = consents;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onConsent(ConsumerRecord<String, ConsentRecorded> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.CONSENTS_RECORDED, payload));
    }

    private Uni<Void> apply(ConsentRecorded event) {
        check(event);
        return processed.firstDelivery(event.eventId())
                .chain(first -> first ? consents.record(event) : Uni.createFrom().voidItem());
    }

    private static void check(ConsentRecorded event) {
        if (event == null || OrderNumber.normalise(event.orderNumber()) == null
                || OrderNumber.problem(event.orderNumber()) != null || !CHOICES.contains(event.choice())) {
            throw new UnusableRecord("incomplete consent event");
        }
    }
}
