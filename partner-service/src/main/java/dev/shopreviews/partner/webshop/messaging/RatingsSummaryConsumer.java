package dev.shopreviews.partner.webshop.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.Failures;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.Set;

/**
 * Keeps rating and rating_count of the domain lookup current from ratings-service's compacted summary topic.
 * Idempotent: a summary older than the stored one changes nothing. Malformed summaries are dead-lettered.
 */
@ApplicationScoped
public class RatingsSummaryConsumer implements ReplayableChannel {
    private static final String CHANNEL = "ratings-summary";
    private final ObjectMapper mapper;
    private final GuardedRecords guarded;

    public RatingsSummaryConsumer(ObjectMapper mapper, GuardedRecords guarded) {
        this.mapper = mapper;
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onSummary(ConsumerRecord<String, String> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(payload);
    }

    public Uni<Void> apply(String json) {
        if (json == null) {
            return Uni.createFrom().voidItem(); // a tombstone of the compacted topic
        }
        RatingsSummary summary = parse(json);
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
        RatingsSummary summary;
        try {
            summary = mapper.readValue(json, RatingsSummary.class);
        } catch (Exception e) {
            throw new UnusableRecord("malformed ratings summary: " + Failures.describe(e));
        }
        if (summary == null || summary.occurredAt() == null) {
            throw new UnusableRecord("incomplete ratings summary");
        }
        return summary;
    }
}
