package dev.shopreviews.ratings.export.service;

import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.events.RatingItem;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.ratings.dashboard.repository.DashboardReviews;
import dev.shopreviews.ratings.review.mapping.RatingItems;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Everything a shop has here, to take elsewhere: every review of the webshop that is not deleted (published, held
 * for moderation or hidden), newest first, in the spec's ratings.json item shape. Read in pages of {@value #PAGE}
 * by the dashboard's keyset, each page in its own short session, so a shop of any size streams in bounded memory.
 * The export itself is audited (a bulk read of the reviewers' data).
 */
@ApplicationScoped
public class ReviewExport {
    static final int PAGE = 500;

    private final DashboardReviews reviews;
    private final AuditLog audit;

    public ReviewExport(DashboardReviews reviews, AuditLog audit) {
        this.reviews = reviews;
        this.audit = audit;
    }

    /** Records who exported which shop's reviews in which format, before the first review leaves. */
    public Uni<Void> recordExport(Owner owner, long webshopId, String format) {
        return Panache.withTransaction(() -> audit.record(owner, "reviews.export", "webshop:" + webshopId, webshopId,
                null, Map.of("format", format))).replaceWithVoid();
    }

    /** The webshop's reviews, newest first, one page after the other. */
    public Multi<RatingItem> items(long webshopId) {
        DashboardReviews.Filter all = new DashboardReviews.Filter(webshopId, null, null, null, null, null, null, null);
        AtomicReference<DashboardReviews.Position> after = new AtomicReference<>();
        // The next page starts after the last review of this one; the last page is the first shorter than PAGE.
        return Multi.createBy().repeating()
                .uni(() -> Panache.withSession(() -> reviews.page(all, after.get(), PAGE)).invoke(page -> {
                    if (!page.isEmpty()) {
                        Review last = page.get(page.size() - 1);
                        after.set(new DashboardReviews.Position(last.createdAt, last.id));
                    }
                }))
                .whilst(page -> page.size() == PAGE)
                .onItem().transformToIterable(ReviewExport::items);
    }

    private static List<RatingItem> items(List<Review> page) {
        return page.stream().map(RatingItems::of).toList();
    }
}
