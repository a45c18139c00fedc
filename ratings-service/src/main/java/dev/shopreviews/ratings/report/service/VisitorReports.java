package dev.shopreviews.ratings.report.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.ratings.dashboard.repository.ReviewReport;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * A visitor reports a public review: an open report (source visitor) puts it in the operator's moderation queue as
 * "reported" until an operator publishes, hides or deletes it. The review stays visible, except for illegal
 * content: then it is hidden at once with {@link #PENDING_ILLEGAL} (the moderators' hiding, announced as
 * reviews.updated) until an operator decides; a review an operator already decided on after an earlier illegal-content
 * report is not hidden again by visitors. One open report per review and client: a repeat answers as the first.
 */
@ApplicationScoped
public class VisitorReports {
    public static final String PENDING_ILLEGAL = "reported as illegal content, awaiting the moderators' decision";
    private static final Actor VISITOR = () -> ReviewReport.VISITOR;

    private final ReviewRepository reviews;
    private final ReviewReports reports;
    private final ReviewEvents events;
    private final AuditLog audit;

    public VisitorReports(ReviewRepository reviews, ReviewReports reports, ReviewEvents events, AuditLog audit) {
        this.reviews = reviews;
        this.reports = reports;
        this.events = events;
        this.audit = audit;
    }

    /** {@code repeated}: the client's open report was already there; {@code hidden}: this report hid the review. */
    public record Outcome(ReviewReport report, boolean repeated, boolean hidden) {
    }

    /** What the audit log keeps of the automatic hiding (no texts). */
    public record Hiding(boolean hidden, String reason) {
    }

    /** 404 for a review that is not public on this webshop (unknown, another shop's, held, quarantined, deleted). */
    @WithTransaction
    public Uni<Outcome> report(VisitorReport request, String clientKey) {
        // Under the webshop's lock: two reports of one client cannot both pass the check (the unique index backs it).
        return reviews.lockWebshop(request.webshopId())
                .chain(() -> reviews.ofWebshop(request.webshopId(), request.reviewId()))
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound(Replies.REVIEW_NOT_FOUND))
                .chain(review -> {
                    if (!review.published()) {
                        return Uni.createFrom().failure(EnvelopeException.notFound(Replies.REVIEW_NOT_FOUND));
                    }
                    return reports.openFromClient(review.id, clientKey).chain(open -> open != null
                            ? Uni.createFrom().item(new Outcome(open, true, false))
                            : store(review, request, clientKey));
                });
    }

    private Uni<Outcome> store(Review review, VisitorReport request, String clientKey) {
        ReviewReport report = new ReviewReport();
        report.reviewId = review.id;
        report.webshopId = review.webshopId;
        report.source = ReviewReport.VISITOR;
        report.reporter = ReviewReport.VISITOR;
        report.category = request.reason().value();
        report.reason = request.text();
        report.clientKey = clientKey;
        report.createdAt = Instant.now();
        return reports.persist(report).chain(saved -> hideIfIllegal(review, request.reason())
                .map(hidden -> new Outcome(saved, false, hidden)));
    }

    private Uni<Boolean> hideIfIllegal(Review review, ReportReason reason) {
        if (reason != ReportReason.ILLEGAL || review.hidden()) {
            return Uni.createFrom().item(false);
        }
        return reports.decidedBefore(review.id, ReportReason.ILLEGAL.value()).chain(decided -> {
            if (decided) {
                return Uni.createFrom().item(false);
            }
            review.hiddenReason = PENDING_ILLEGAL;
            review.modifiedAt = Instant.now();
            return events.updated(review)
                    .call(() -> audit.record(VISITOR, "review.hide", "review:" + review.id, review.webshopId,
                            new Hiding(false, null), new Hiding(true, PENDING_ILLEGAL)))
                    .replaceWith(true);
        });
    }
}
