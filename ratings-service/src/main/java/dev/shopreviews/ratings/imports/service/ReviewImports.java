package dev.shopreviews.ratings.imports.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.common.outbox.OutboxBatch;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.imports.repository.ImportedReviews;
import dev.shopreviews.ratings.review.mapping.SubmittedReviews;
import dev.shopreviews.ratings.review.repository.ProductReviewRepository;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import dev.shopreviews.ratings.summary.service.SummaryEvents;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stores a shop's import in one transaction under the webshop's lock: rows whose (source, source review id) the
 * webshop already has are skipped and named; the others become published reviews with their original date, never
 * verified by us, origin {@link #ORIGIN}. Announced like the intake: reviews.created per stored review, then the
 * webshop's summary once.
 */
@ApplicationScoped
public class ReviewImports {
    public static final String ORIGIN = "import";
    static final String WEBSHOP_NOT_FOUND = "Webshop not found.";

    /** {@code fresh}: the rows stored (or, in a dry run, those that would be); {@code ids}: the stored reviews'. */
    public record Result(String source, int fresh, List<Long> ids, List<String> alreadyImported) {
    }

    /** What the audit log keeps of an import (the owner's or the shop API's). */
    public record Audited(String source, int imported, int alreadyImported) {
    }

    private final ReviewRepository reviews;
    private final ProductReviewRepository products;
    private final ImportedReviews imported;
    private final ReviewEvents events;
    private final SummaryEvents summaries;
    private final Outbox outbox;
    private final AuditLog audit;
    private final int duplicateMinLength;

    public ReviewImports(ReviewRepository reviews, ProductReviewRepository products, ImportedReviews imported,
                         ReviewEvents events, SummaryEvents summaries, Outbox outbox, AuditLog audit,
                         RatingsConfig config) {
        this.audit = audit;
        this.reviews = reviews;
        this.products = products;
        this.imported = imported;
        this.events = events;
        this.summaries = summaries;
        this.outbox = outbox;
        this.duplicateMinLength = config.quarantine().duplicateMinLength();
    }

    /** Checks the rows against the webshop's earlier imports and stores nothing: the dashboard's dry run. */
    @WithTransaction
    public Uni<Result> preview(long webshopId, ImportRequest request) {
        List<String> ids = request.rows().stream().map(ImportRow::sourceReviewId).toList();
        return lock(webshopId).chain(() -> imported.existing(webshopId, request.source(), ids)).map(existing -> new Result(request.source(),
                (int) ids.stream().filter(id -> !existing.contains(id)).count(), List.of(),
                ids.stream().filter(existing::contains).toList()));
    }

    /**
     * {@code who}: the dashboard's owner or the shop's API code, audited in the import's transaction (action
     * {@code reviews.imported}, subject {@code import:<source>}, the counts; no reviewer's data).
     */
    @WithTransaction
    public Uni<Result> store(long webshopId, ImportRequest request, Actor who) {
        Instant now = Instant.now();
        List<String> ids = request.rows().stream().map(ImportRow::sourceReviewId).toList();
        OutboxBatch batch = outbox.batch();
        return lock(webshopId)
                .chain(() -> imported.existing(webshopId, request.source(), ids))
                .chain(existing -> {
                    List<ImportRow> fresh = request.rows().stream().filter(row -> !existing.contains(row.sourceReviewId())).toList();
                    List<String> skipped = ids.stream().filter(existing::contains).toList();
                    Uni<List<Long>> stored = fresh.isEmpty() ? Uni.createFrom().item(List.of())
                            : Multi.createFrom().iterable(fresh)
                            .onItem().transformToUniAndConcatenate(row -> storeRow(webshopId, request.source(), row, now, batch))
                            .collect().asList()
                            .call(done -> batch.append())
                            .call(done -> summaries.announce(webshopId));
                    return stored.call(done -> audit.record(who, "reviews.imported", "import:" + request.source(), webshopId, null,
                                    new Audited(request.source(), done.size(), skipped.size())))
                            .map(done -> new Result(request.source(), done.size(), done, skipped));
                });
    }

    /** The webshop's row lock; 404 for a webshop this service has no replica of, 403 for a deactivated one. */
    private Uni<Void> lock(long webshopId) {
        return reviews.lockWebshops(new TreeSet<>(Set.of(webshopId))).invoke(locked -> {
            if (!locked.known().contains(webshopId)) {
                throw EnvelopeException.notFound(WEBSHOP_NOT_FOUND);
            }
            if (locked.deactivated().contains(webshopId)) {
                throw EnvelopeException.deactivated();
            }
        }).replaceWithVoid();
    }

    private Uni<Long> storeRow(long webshopId, String source, ImportRow row, Instant now, OutboxBatch batch) {
        Review review = review(webshopId, source, row, now);
        return reviews.persist(review)
                .chain(saved -> Multi.createFrom().iterable(row.products())
                        .onItem().transformToUniAndConcatenate(product -> products.persist(SubmittedReviews.toProductReview(saved, product)))
                        .collect().asList())
                .invoke(productReviews -> events.created(review, productReviews, batch))
                .map(done -> review.id);
    }

    private Review review(long webshopId, String source, ImportRow row, Instant now) {
        Review review = new Review();
        review.webshopId = webshopId;
        review.origin = ORIGIN;
        review.orderNumber = "";
        review.name = row.name();
        review.email = row.email();
        review.country = row.country();
        review.language = row.language();
        review.rating = (short) row.rating();
        review.shippingtime = (short) row.ratings().shippingtime();
        review.customerservice = (short) row.ratings().customerservice();
        review.pricequality = (short) row.ratings().pricequality();
        review.aftersale = (short) row.ratings().aftersale();
        review.comment = row.comment();
        review.commentHash = row.comment() == null ? null : SubmittedReviews.commentHash(row.comment(), duplicateMinLength);
        review.verified = false;
        review.importSource = source;
        review.importSourceId = row.sourceReviewId();
        review.importVerifiedPurchase = row.verifiedPurchase();
        review.importedAt = now;
        review.createdAt = row.created();
        review.modifiedAt = now;
        return review;
    }
}
