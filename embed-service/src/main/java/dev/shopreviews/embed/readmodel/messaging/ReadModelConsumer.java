package dev.shopreviews.embed.readmodel.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.RatingItem;
import dev.shopreviews.common.events.RatingsSummary;
import dev.shopreviews.common.events.ReviewChanged;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.messaging.RetriedTransactions;
import dev.shopreviews.embed.readmodel.repository.ShopSummary;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ReadModelChanged;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Keeps the read model from ratings-service's topics. Idempotent twice over: a redelivered event id is skipped
 * ({@link ProcessedEvents}), and an event older than what is stored (occurred_at) changes nothing.
 * Each event is stored in its own transaction; after the commit, {@link ReadModelChanged} tells the caches of rendered
 * parts (sidebar.js) to drop the webshop (after, not inside: a request in between would cache the old rows again).
 */
@ApplicationScoped
public class ReadModelConsumer {
    private static final Logger LOG = Logger.getLogger(ReadModelConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final Event<ReadModelChanged> changed;

    public ReadModelConsumer(ObjectMapper mapper, ProcessedEvents processed, Event<ReadModelChanged> changed) {
        this.mapper = mapper;
        this.processed = processed;
        this.changed = changed;
    }

    @Incoming("ratings-summary")
    public Uni<Void> onSummary(String json) {
        RatingsSummary summary = parse(json, RatingsSummary.class);
        if (summary == null || summary.occurredAt() == null || summary.ratingAverage() == null) {
            return Uni.createFrom().voidItem();
        }
        return committed(summary.webshopId(), () -> processed.firstDelivery(summary.eventId()).chain(first -> !first
                ? Uni.createFrom().voidItem()
                : ShopSummary.<ShopSummary>findById(summary.webshopId()).chain(existing -> store(existing, summary))));
    }

    @Incoming("reviews-created")
    public Uni<Void> onCreated(String json) {
        return onReview(json, false);
    }

    @Incoming("reviews-updated")
    public Uni<Void> onUpdated(String json) {
        return onReview(json, false);
    }

    @Incoming("reviews-deleted")
    public Uni<Void> onDeleted(String json) {
        return onReview(json, true);
    }

    private Uni<Void> onReview(String json, boolean deleted) {
        ReviewChanged event = parse(json, ReviewChanged.class);
        if (event == null || event.review() == null || event.occurredAt() == null || event.review().ratings() == null) {
            return Uni.createFrom().voidItem();
        }
        return committed(event.webshopId(), () -> processed.firstDelivery(event.eventId()).chain(first -> !first
                ? Uni.createFrom().voidItem()
                : ShownReview.<ShownReview>findById(event.review().id()).chain(existing -> store(existing, event, deleted))));
    }

    /** Runs {@code work} in a transaction retried until it commits, then announces the webshop's change. */
    private Uni<Void> committed(long webshopId, Supplier<Uni<Void>> work) {
        return RetriedTransactions.inTransaction("Read-model record of webshop " + webshopId, work)
                .invoke(() -> changed.fire(new ReadModelChanged(webshopId)));
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
        row.name = cut(item.name() == null ? "" : item.name(), 255);
        row.rating = item.rating();
        row.shippingtime = item.ratings().shippingtime();
        row.customerservice = item.ratings().customerservice();
        row.pricequality = item.ratings().pricequality();
        row.aftersale = item.ratings().aftersale();
        row.comment = item.comment();
        row.reviewDate = item.date() == null ? "" : cut(item.date(), 10);
        row.created = item.created() == null ? "" : cut(item.created(), 19);
        row.language = item.language() == null ? null : cut(item.language(), 8);
        row.country = item.country() == null ? null : cut(item.country(), 8);
        row.verified = item.verified();
        row.reaction = item.reaction() == null ? "" : item.reaction();
        row.changedAt = event.occurredAt();
        return existing != null ? Uni.createFrom().voidItem() : row.persist().replaceWithVoid();
    }

    private <T> T parse(String json, Class<T> type) {
        try {
            return json == null ? null : mapper.readValue(json, type);
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed %s event: %s", type.getSimpleName(), e.getMessage());
            return null;
        }
    }

    private static BigDecimal orZero(BigDecimal value) {
        return value == null ? BigDecimal.ZERO : value;
    }

    private static String cut(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }

}
