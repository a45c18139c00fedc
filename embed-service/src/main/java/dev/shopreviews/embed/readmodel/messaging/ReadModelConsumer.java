package dev.shopreviews.embed.readmodel.messaging;

import dev.shopreviews.common.events.RatingItem;
import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.embed.readmodel.repository.ShopSummary;
import dev.shopreviews.embed.readmodel.repository.ShownProductReview;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ReadModelChanged;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the read model from ratings-service's topics. Idempotent twice over: a redelivered event id is skipped
 * ({@link ProcessedEvents}), and an event older than what is stored (occurred_at) changes nothing.
 * Each event is stored in its own transaction (unusable events are dead-lettered, {@link GuardedRecords}); after it, {@link ReadModelChanged} tells the caches of rendered
 * parts (sidebar.js) to drop the webshop (after, not inside: a request in between would cache the old rows again).
 */
@ApplicationScoped
public class ReadModelConsumer implements ReplayableChannel {
    private static final Map<String, EventTopic<ReviewChanged>> REVIEW_CHANNELS = Map.of("reviews-created",
            Topics.REVIEWS_CREATED, "reviews-updated", Topics.REVIEWS_UPDATED, "reviews-deleted", Topics.REVIEWS_DELETED);
    private final ProcessedEvents processed;
    private final Event<ReadModelChanged> changed;
    private final GuardedRecords guarded;

    public ReadModelConsumer(ProcessedEvents processed, Event<ReadModelChanged> changed, GuardedRecords guarded) {
        this.guarded = guarded;
        this.processed = processed;
        this.changed = changed;
    }

    @Incoming("ratings-summary")
    public Uni<Void> onSummary(ConsumerRecord<String, RatingsSummary> record) {
        return guarded.apply("ratings-summary", record, this::summary).invoke(() -> announce(record));
    }

    @Incoming("reviews-created")
    public Uni<Void> onCreated(ConsumerRecord<String, ReviewChanged> record) {
        return guarded.apply("reviews-created", record, event -> review(event, false)).invoke(() -> announce(record));
    }

    @Incoming("reviews-updated")
    public Uni<Void> onUpdated(ConsumerRecord<String, ReviewChanged> record) {
        return guarded.apply("reviews-updated", record, event -> review(event, false)).invoke(() -> announce(record));
    }

    @Incoming("reviews-deleted")
    public Uni<Void> onDeleted(ConsumerRecord<String, ReviewChanged> record) {
        return guarded.apply("reviews-deleted", record, event -> review(event, true)).invoke(() -> announce(record));
    }

    @Override
    public Set<String> channels() {
        return Set.of("ratings-summary", "reviews-created", "reviews-updated", "reviews-deleted");
    }

    @Override
    public Uni<Void> replay(String channel, String json) {
        if (channel.equals("ratings-summary")) {
            RatingsSummary summary = EventJson.read(Topics.RATINGS_SUMMARY, json);
            return summary(summary).invoke(() -> changed.fire(new ReadModelChanged(summary.webshopId())));
        }
        EventTopic<ReviewChanged> topic = REVIEW_CHANNELS.get(channel);
        ReviewChanged event = EventJson.read(topic, json);
        return review(event, topic == Topics.REVIEWS_DELETED).invoke(() -> changed.fire(new ReadModelChanged(event.webshopId())));
    }

    private Uni<Void> summary(RatingsSummary summary) {
        if (summary == null || summary.occurredAt() == null || summary.ratingAverage() == null) {
            throw new UnusableRecord("incomplete ratings summary");
        }
        return processed.firstDelivery(summary.eventId()).chain(first -> !first
                ? Uni.createFrom().voidItem()
                : ShopSummary.<ShopSummary>findById(summary.webshopId()).chain(existing -> store(existing, summary)));
    }

    private Uni<Void> review(ReviewChanged event, boolean deleted) {
        if (event == null || event.review() == null || event.occurredAt() == null || event.review().ratings() == null) {
            throw new UnusableRecord("incomplete review event");
        }
        return processed.firstDelivery(event.eventId()).chain(first -> !first
                ? Uni.createFrom().voidItem()
                : ShownReview.<ShownReview>findById(event.review().id()).chain(existing -> store(existing, event, deleted)));
    }

    /** The webshop's pages are rendered anew (the record's key is its webshop id). */
    private void announce(ConsumerRecord<String, ?> record) {
        Long webshopId = TextInput.id(record.key());
        if (webshopId != null) {
            changed.fire(new ReadModelChanged(webshopId));
        }
    }

    private Uni<Void> store(ShopSummary existing, RatingsSummary summary) {
        if (existing != null && !summary.occurredAt().isAfter(existing.occurredAt)) {
            return Uni.createFrom().voidItem();
        }
        ShopSummary row = existing != null ? existing : new ShopSummary();
        row.webshopId = summary.webshopId();
        row.amount = summary.amount();
        row.ratingAverage = summary.ratingAverage();
        RatingsSummary.SubAverages sub = summary.ratingsAverage();
        row.shippingtime = orZero(sub == null ? null : sub.shippingtime());
        row.customerservice = orZero(sub == null ? null : sub.customerservice());
        row.pricequality = orZero(sub == null ? null : sub.pricequality());
        row.aftersale = orZero(sub == null ? null : sub.aftersale());
        row.occurredAt = summary.occurredAt();
        return existing != null ? Uni.createFrom().voidItem() : row.persist().replaceWithVoid();
    }

    private Uni<Void> store(ShownReview existing, ReviewChanged event, boolean deleted) {
        if (existing != null && event.occurredAt().isBefore(existing.changedAt)) {
            return Uni.createFrom().voidItem();
        }
        RatingItem item = event.review();
        ShownReview row = existing != null ? existing : new ShownReview();
        row.reviewId = item.id();
        row.webshopId = event.webshopId();
        row.shown = !deleted && event.published() && !item.quarantine();
        // A deleted review stays as a row (so a late, older event cannot bring it back) but keeps no personal data:
        // its reviewer may have been erased (docs/privacy.md), and nothing shows a deleted review.
        row.name = deleted || item.name() == null ? "" : cut(item.name(), 255);
        row.rating = item.rating();
        row.shippingtime = item.ratings().shippingtime();
        row.customerservice = item.ratings().customerservice();
        row.pricequality = item.ratings().pricequality();
        row.aftersale = item.ratings().aftersale();
        row.comment = deleted ? null : item.comment();
        row.hiddenReason = deleted || event.hiddenReason() == null || event.hiddenReason().isBlank() ? null : event.hiddenReason();
        row.reviewDate = item.date() == null ? "" : cut(item.date(), 10);
        row.created = item.created() == null ? "" : cut(item.created(), 19);
        row.language = item.language() == null ? null : cut(item.language(), 8);
        row.country = item.country() == null ? null : cut(item.country(), 8);
        row.reaction = deleted || item.reaction() == null ? "" : item.reaction();
        row.changedAt = event.occurredAt();
        if (event.invitationId() != null) {
            row.invitationId = event.invitationId();
        }
        // A review never stops being imported: an event without the field (written before it existed) keeps the source.
        if (event.importSource() != null && !event.importSource().isBlank()) {
            row.importSource = cut(event.importSource().strip(), 64);
        }
        // We verified no imported review, whatever the item says (the product requirement; ratings-service agrees).
        row.verified = item.verified() && row.importSource == null;
        Uni<Void> stored = existing != null ? Uni.createFrom().voidItem() : row.persist().replaceWithVoid();
        return stored.chain(() -> products(event, deleted));
    }

    /** A deletion removes the review's product reviews; an event that carries products replaces them (null: keep). */
    private static Uni<Void> products(ReviewChanged event, boolean deleted) {
        List<ReviewChanged.Product> products = event.products();
        if (!deleted && products == null) {
            return Uni.createFrom().voidItem();
        }
        Uni<Void> removed = ShownProductReview.deleteOfReview(event.review().id()).replaceWithVoid();
        if (deleted) {
            return removed;
        }
        List<ShownProductReview> rows = products.stream().filter(ReadModelConsumer::usable)
                .map(p -> productRow(event, p)).toList();
        return rows.isEmpty() ? removed : removed.chain(() -> ShownProductReview.persist(rows));
    }

    private static boolean usable(ReviewChanged.Product p) {
        return p != null && p.productId() != null && !p.productId().isBlank() && p.rating() >= 1 && p.rating() <= 5;
    }

    private static ShownProductReview productRow(ReviewChanged event, ReviewChanged.Product p) {
        ShownProductReview row = new ShownProductReview();
        row.reviewId = event.review().id();
        row.webshopId = event.webshopId();
        row.productId = cut(p.productId(), 255);
        row.sku = p.sku() == null || p.sku().isBlank() ? null : cut(p.sku(), 255);
        row.gtin = p.gtin() == null || p.gtin().isBlank() ? null : cut(p.gtin(), 32);
        row.name = p.name() == null || p.name().isBlank() ? row.productId : cut(p.name(), 500);
        row.url = p.url();
        row.imageUrl = p.imageUrl();
        row.rating = p.rating();
        row.text = p.text();
        return row;
    }


    private static BigDecimal orZero(BigDecimal value) {
        return value == null ? BigDecimal.ZERO : value;
    }

    private static String cut(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }

}
