package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.ratings.dashboard.repository.DashboardReviews;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** A page of the dashboard's review list: newest first, keyset-paged, with the total of the matching reviews. */
@ApplicationScoped
public class DashboardReviewList {
    private final DashboardReviews reviews;
    private final ReviewReports reports;

    public DashboardReviewList(DashboardReviews reviews, ReviewReports reports) {
        this.reviews = reviews;
        this.reports = reports;
    }

    /**
     * {@code reported}: the ids of the page's reviews with the owner's open report; {@code visitorReports}: how many
     * open visitor reports each of the page's reviews has (absent: none); {@code next}: null on the last page.
     */
    public record Page(List<Review> reviews, Set<Long> reported, Map<Long, Long> visitorReports,
                       DashboardReviews.Position next, long total) {

        public long visitorReports(long reviewId) {
            return visitorReports.getOrDefault(reviewId, 0L);
        }
    }

    @WithSession
    public Uni<Page> page(DashboardReviews.Filter filter, DashboardReviews.Position after, int limit) {
        return reviews.page(filter, after, limit + 1).chain(found -> {
            List<Review> page = found.size() > limit ? found.subList(0, limit) : found;
            Review last = page.isEmpty() ? null : page.get(page.size() - 1);
            DashboardReviews.Position next = found.size() > limit
                    ? new DashboardReviews.Position(last.createdAt, last.id) : null;
            return reports.allOpenOf(page.stream().map(review -> review.id).toList())
                    .chain(open -> reviews.total(filter).map(total -> new Page(List.copyOf(page), ofOwner(open),
                            fromVisitors(open), next, total)));
        });
    }

    private static Set<Long> ofOwner(List<ReviewReport> open) {
        return open.stream().filter(report -> ReviewReport.OWNER.equals(report.source)).map(report -> report.reviewId)
                .collect(Collectors.toSet());
    }

    private static Map<Long, Long> fromVisitors(List<ReviewReport> open) {
        return open.stream().filter(report -> ReviewReport.VISITOR.equals(report.source))
                .collect(Collectors.groupingBy(report -> report.reviewId, Collectors.counting()));
    }
}
