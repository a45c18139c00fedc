package dev.shopreviews.partner.webshop.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Keeps rating and rating_count of the domain lookup current from ratings-service's compacted summary topic.
 * Idempotent: a summary older than the stored one changes nothing.
 */
@ApplicationScoped
public class RatingsSummaryConsumer {
    private static final Logger LOG = Logger.getLogger(RatingsSummaryConsumer.class);
    private final ObjectMapper mapper;

    public RatingsSummaryConsumer(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Incoming("ratings-summary")
    public Uni<Void> onSummary(String json) {
        return RetriedTransactions.inTransaction("Record on ratings-summary", () -> onSummaryInTransaction(json));
    }

    private Uni<Void> onSummaryInTransaction(String json) {
        RatingsSummary summary = parse(json);
        if (summary == null) {
            return Uni.createFrom().voidItem();
        }
        return Webshop.<Webshop>findById(summary.webshopId()).invoke(shop -> {
            if (shop == null || (shop.summaryAt != null && !summary.occurredAt().isAfter(shop.summaryAt))) {
                return;
            }
            shop.ratingAverage = summary.ratingAverage();
            shop.ratingCount = summary.amount();
            shop.summaryAt = summary.occurredAt();
        }).replaceWithVoid();
    }

    private RatingsSummary parse(String json) {
        try {
            RatingsSummary summary = json == null ? null : mapper.readValue(json, RatingsSummary.class);
            return summary != null && summary.occurredAt() != null ? summary : null;
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed ratings summary: %s", e.getMessage());
            return null;
        }
    }
}
