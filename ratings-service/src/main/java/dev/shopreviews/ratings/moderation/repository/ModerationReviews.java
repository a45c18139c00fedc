package dev.shopreviews.ratings.moderation.repository;

import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Locale;

/**
 * The moderators' reads of reviews: the queue of one state (newest first by id, paged with an id), the states'
 * counts, and a review's context (its shop's and its reviewer's other reviews, deleted ones included).
 */
@ApplicationScoped
public class ModerationReviews implements PanacheRepositoryBase<Review, Long> {
    private static final int CONTEXT = 10;

    /** The reviews waiting in each queue (not deleted); reported: reviews with an open report. */
    public record Counts(long quarantined, long held, long hidden, long reported) {
    }

    /** {@code stateCondition}: one of the HQL conditions of {@code ModerationState}. */
    public Uni<List<Review>> queue(String stateCondition, Long webshopId, Long beforeId, int limit) {
        StringBuilder where = new StringBuilder("deletedAt is null and ").append(stateCondition);
        Parameters parameters = new Parameters();
        if (webshopId != null) {
            where.append(" and webshopId = :shop");
            parameters.and("shop", webshopId);
        }
        if (beforeId != null) {
            where.append(" and id < :before");
            parameters.and("before", beforeId);
        }
        return find(where.append(" order by id desc").toString(), parameters).range(0, limit - 1).list();
    }

    public Uni<Counts> counts(Long webshopId) {
        return getSession().chain(session -> session.createNativeQuery(
                        "select count(*) filter (where quarantine), count(*) filter (where held), "
                                + "count(*) filter (where hidden_reason is not null), "
                                + "(select count(distinct rr.review_id) from review_report rr join review rv on rv.id = rr.review_id "
                                + "where rr.resolved_at is null and rv.deleted_at is null "
                                + "and (cast(?1 as bigint) = 0 or rr.webshop_id = ?1)) from review where deleted_at is null "
                                + "and (quarantine or held or hidden_reason is not null) "
                                + "and (cast(?1 as bigint) = 0 or webshop_id = ?1)", Object[].class)
                .setParameter(1, webshopId == null ? 0L : webshopId)
                .getSingleResult())
                .map(row -> new Counts(((Number) row[0]).longValue(), ((Number) row[1]).longValue(),
                        ((Number) row[2]).longValue(), ((Number) row[3]).longValue()));
    }

    /** The review, deleted or not (the caller answers 404 for a deleted one). */
    public Uni<Review> byId(long reviewId) {
        return findById(reviewId);
    }

    /** The webshop's newest other reviews. */
    public Uni<List<Review>> ofShopExcept(long webshopId, long reviewId) {
        return find("webshopId = ?1 and id <> ?2 order by id desc", webshopId, reviewId).range(0, CONTEXT - 1).list();
    }

    /** The newest other reviews written with this e-mail address on any webshop (lower case, as stored trimmed). */
    public Uni<List<Review>> ofReviewerExcept(String email, long reviewId) {
        if (email == null || email.isBlank()) {
            return Uni.createFrom().item(List.of());
        }
        return find("lower(email) = ?1 and id <> ?2 order by id desc", email.trim().toLowerCase(Locale.ROOT), reviewId)
                .range(0, CONTEXT - 1).list();
    }
}
