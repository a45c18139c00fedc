package dev.shopreviews.partner.webshop.messaging;

import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import dev.shopreviews.common.deadletter.ReplayableChannel;
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
    private final GuardedRecords guarded;
    private final WebshopRepository webshops;

    public RatingsSummaryConsumer(GuardedRecords guarded, WebshopRepository webshops) {
        this.guarded = guarded;
        this.webshops = webshops;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onSummary(ConsumerRecord<String, RatingsSummary> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.RATINGS_SUMMARY, payload));
    }

    /** Runs inside the transaction {@link GuardedRecords} (or the dead-letter replay) opened with {@code Panache.withTransaction}. */
    public Uni<Void> apply(RatingsSummary summary) {
        if (summary == null) {
            return Uni.createFrom().voidItem(); // a tombstone of the compacted topic
        }
        if (summary.occurredAt() == null) {
            throw new UnusableRecord("incomplete ratings summary");
        }
        return webshops.findById(summary.webshopId()).invoke(shop -> {
            if (shop == null || (shop.summaryAt != null && !summary.occurredAt().isAfter(shop.summaryAt))) {
                return;
            }
            shop.ratingAverage = summary.ratingAverage();
            shop.ratingCount = summary.amount();
            shop.summaryAt = summary.occurredAt();
        }).replaceWithVoid();
    }
}
