package dev.shopreviews.invitations.consent.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.invitations.consent.service.ConsentService;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

/** Consumes {@code consents.recorded}; idempotent on the event id. */
@ApplicationScoped
public class ConsentConsumer {
    private static final Logger LOG = Logger.getLogger(ConsentConsumer.class);
    private static final Set<String> CHOICES = Set.of(ConsentRecorded.CHOICE_REVIEW_WRITTEN, ConsentRecorded.CHOICE_ASK_LATER);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final ConsentService consents;

    public ConsentConsumer(ObjectMapper mapper, ProcessedEvents processed, ConsentService consents) {
        this.mapper = mapper;
        this.processed = processed;
        this.consents = consents;
    }

    @Incoming("consents")
    public Uni<Void> onConsent(String json) {
        return RetriedTransactions.inTransaction("Record on consents", () -> onConsentInTransaction(json));
    }

    private Uni<Void> onConsentInTransaction(String json) {
        ConsentRecorded event = parse(json);
        if (event == null) {
            return Uni.createFrom().voidItem();
        }
        return processed.firstDelivery(event.eventId())
                .chain(first -> first ? consents.record(event) : Uni.createFrom().voidItem());
    }

    private ConsentRecorded parse(String json) {
        try {
            ConsentRecorded event = json == null ? null : mapper.readValue(json, ConsentRecorded.class);
            if (event == null || event.orderNumber() == null || event.orderNumber().isBlank()
                    || event.orderNumber().trim().length() > 255 || !CHOICES.contains(event.choice())) {
                LOG.warnf("Ignoring incomplete consent event: %s", json);
                return null;
            }
            return event;
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed consent event: %s", e.getMessage());
            return null;
        }
    }
}
