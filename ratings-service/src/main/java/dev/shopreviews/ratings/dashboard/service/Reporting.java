package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * An owner asks the operator to look at one of their shop's reviews: an open report (the moderation queue's
 * "reported" state) until an operator decides on the review. One open report per review from the owner; the review
 * itself does not change. Audited as the owner (the reason is not in the audit log: it may name people).
 */
@ApplicationScoped
public class Reporting {
    public static final String ALREADY_REPORTED = "This review is already reported.";

    private final ReviewRepository reviews;
    private final ReviewReports reports;
    private final AuditLog audit;

    public Reporting(ReviewRepository reviews, ReviewReports reports, AuditLog audit) {
        this.reviews = reviews;
        this.reports = reports;
        this.audit = audit;
    }

    /** What the audit log keeps of a report. */
    public record Reported(boolean reported, String source) {
    }

    /** {@code reason}: checked by the caller. 404 for a review not of this shop or deleted, 409 when already reported. */
    @WithTransaction
    public Uni<ReviewReport> report(Owner owner, long webshopId, long reviewId, String reason) {
        // Under the webshop's lock, so two reports at once cannot both pass the check (the unique index backs it).
        return reviews.lockWebshop(webshopId)
                .chain(() -> reviews.ofWebshop(webshopId, reviewId))
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound(Replies.REVIEW_NOT_FOUND))
                .chain(review -> reports.open(review.id, ReviewReport.OWNER))
                .chain(open -> {
                    if (open != null) {
                        return Uni.createFrom().failure(new EnvelopeException(409, ALREADY_REPORTED));
                    }
                    ReviewReport report = new ReviewReport();
                    report.reviewId = reviewId;
                    report.webshopId = webshopId;
                    report.source = ReviewReport.OWNER;
                    report.reporter = owner.actor();
                    report.reason = reason;
                    report.createdAt = Instant.now();
                    return reports.persist(report)
                            .call(() -> audit.record(owner, "review.report", "review:" + reviewId, webshopId, null,
                                    new Reported(true, ReviewReport.OWNER)));
                });
    }
}
