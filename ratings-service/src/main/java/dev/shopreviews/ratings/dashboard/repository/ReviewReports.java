package dev.shopreviews.ratings.dashboard.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reports on reviews: the open ones (not resolved) decide the moderation queue's "reported" state. */
@ApplicationScoped
public class ReviewReports implements PanacheRepositoryBase<ReviewReport, Long> {
    /**
     * The HQL condition on a {@code Review} (unqualified {@code id}) that it has an open report: the moderation
     * queue's "reported" state.
     */
    public static final String OPEN_CONDITION =
            "id in (select rr.reviewId from ReviewReport rr where rr.resolvedAt is null)";

    /** The review's open report from this source, or null. */
    public Uni<ReviewReport> open(long reviewId, String source) {
        return find("reviewId = ?1 and source = ?2 and resolvedAt is null", reviewId, source).firstResult();
    }

    /** The oldest open report of each of these reviews (reviews without one are absent). */
    public Uni<Map<Long, ReviewReport>> openOf(Collection<Long> reviewIds) {
        if (reviewIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return list("reviewId in ?1 and resolvedAt is null order by createdAt, id", List.copyOf(reviewIds))
                .map(reports -> {
                    Map<Long, ReviewReport> byReview = new LinkedHashMap<>();
                    reports.forEach(report -> byReview.putIfAbsent(report.reviewId, report));
                    return byReview;
                });
    }

    /** Every open report of these reviews, oldest first. */
    public Uni<List<ReviewReport>> allOpenOf(Collection<Long> reviewIds) {
        if (reviewIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("reviewId in ?1 and resolvedAt is null order by createdAt, id", List.copyOf(reviewIds));
    }

    /** The open report of this visitor client on the review, or null. */
    public Uni<ReviewReport> openFromClient(long reviewId, String clientKey) {
        return find("reviewId = ?1 and source = ?2 and clientKey = ?3 and resolvedAt is null", reviewId,
                ReviewReport.VISITOR, clientKey).firstResult();
    }

    /** Whether an operator already decided on a visitor's report of this category on the review. */
    public Uni<Boolean> decidedBefore(long reviewId, String category) {
        return count("reviewId = ?1 and source = ?2 and category = ?3 and resolvedAt is not null", reviewId,
                ReviewReport.VISITOR, category).map(count -> count > 0);
    }

    /**
     * Resolves the review's open reports (an operator decided on it); answers how many. The visitors' client keys
     * are no longer needed then and are blanked.
     */
    public Uni<Integer> resolve(long reviewId, Instant at) {
        return update("resolvedAt = ?1, clientKey = null where reviewId = ?2 and resolvedAt is null", at, reviewId);
    }
}
