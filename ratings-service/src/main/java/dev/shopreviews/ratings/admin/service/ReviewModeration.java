package dev.shopreviews.ratings.admin.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.ratings.dashboard.repository.ReviewReports;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewChanges;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The operator's decisions on a review (spec 3.2 leaves them open), from the machine-token admin API and the
 * console alike: read, quarantine, release, publish, hide, delete. Each is announced (reviews.updated or
 * reviews.deleted, then the summary) and, except marking read, audited in the same transaction. Publish, hide and
 * delete are the moderators' answer to a report: they resolve the review's open reports.
 */
@ApplicationScoped
public class ReviewModeration {
    private final ReviewRepository reviews;
    private final ReviewEvents events;
    private final ReviewChanges changes;
    private final AuditLog audit;
    private final ReviewReports reports;

    public ReviewModeration(ReviewRepository reviews, ReviewEvents events, ReviewChanges changes, AuditLog audit,
                            ReviewReports reports) {
        this.reviews = reviews;
        this.events = events;
        this.changes = changes;
        this.audit = audit;
        this.reports = reports;
    }

    /** What the audit log keeps of a review before and after a decision: flags and the reason, no texts. */
    public record AuditState(boolean quarantine, boolean hidden, boolean deleted, String reason) {
        static AuditState of(Review review) {
            return new AuditState(review.quarantine, review.hidden(), review.deletedAt != null,
                    review.hidden() ? review.hiddenReason : review.quarantineReason);
        }
    }

    /** The read flag, audited as {@code review.read} / {@code review.unread} with the flag before and after. */
    @WithTransaction
    public Uni<Review> markRead(Operator who, long reviewId, boolean read) {
        return find(reviewId).chain(review -> {
            boolean before = review.read;
            changed(review, r -> r.read = read);
            return events.updated(review).call(() -> audit.record(who, read ? "review.read" : "review.unread",
                    "review:" + review.id, review.webshopId, Map.of("read", before), Map.of("read", read))).replaceWith(review);
        });
    }

    @WithTransaction
    public Uni<Review> quarantine(Operator who, long reviewId, String reason) {
        return decide(who, "review.quarantine", reviewId, review -> {
            review.quarantine = true;
            review.quarantineReason = reason == null || reason.isBlank() ? "set by the operator"
                    : reason.trim().substring(0, Math.min(500, reason.trim().length()));
        });
    }

    @WithTransaction
    public Uni<Review> release(Operator who, long reviewId) {
        return decide(who, "review.release", reviewId, ReviewModeration::unquarantine);
    }

    /** The console's publish: out of quarantine and no longer hidden (a held review still waits for its order). */
    @WithTransaction
    public Uni<Review> publish(Operator who, long reviewId) {
        return decide(who, "review.publish", reviewId, review -> {
            unquarantine(review);
            review.hiddenReason = null;
        }).call(this::resolveReports);
    }

    /**
     * Keeps the review public and counted with its texts replaced by the notice; releases it from quarantine, since
     * hiding is the moderators' decision on it. {@code reason}: one checked line (the caller checks it).
     */
    @WithTransaction
    public Uni<Review> hide(Operator who, long reviewId, String reason) {
        return decide(who, "review.hide", reviewId, review -> {
            unquarantine(review);
            review.hiddenReason = reason;
        }).call(this::resolveReports);
    }

    @WithTransaction
    public Uni<Review> delete(Operator who, long reviewId) {
        return find(reviewId).chain(review -> {
            AuditState before = AuditState.of(review);
            return changes.delete(review).call(deleted -> recorded(who, "review.delete", before, deleted));
        }).call(this::resolveReports);
    }

    private Uni<Integer> resolveReports(Review review) {
        return reports.resolve(review.id, Instant.now());
    }

    private Uni<Review> decide(Operator who, String action, long reviewId, Consumer<Review> mutation) {
        return find(reviewId).chain(review -> {
            AuditState before = AuditState.of(review);
            changed(review, mutation);
            return events.updated(review).call(() -> recorded(who, action, before, review)).replaceWith(review);
        });
    }

    private Uni<?> recorded(Operator who, String action, AuditState before, Review review) {
        return audit.record(who, action, "review:" + review.id, review.webshopId, before, AuditState.of(review));
    }

    /** The not deleted review, its webshop locked (changes of one webshop and their summaries are serialised). */
    private Uni<Review> find(long reviewId) {
        return reviews.notDeleted(reviewId)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Review not found."))
                .call(review -> reviews.lockWebshop(review.webshopId));
    }

    private static void changed(Review review, Consumer<Review> mutation) {
        mutation.accept(review);
        review.modifiedAt = Instant.now();
    }

    private static void unquarantine(Review review) {
        review.quarantine = false;
        review.quarantineReason = null;
    }
}
