package dev.shopreviews.ratings.dashboard.repository;

import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The shop dashboard's reads of one webshop's reviews: its not deleted reviews newest first by (created, id) with
 * filters, paged with a keyset (V2's index review_by_shop_newest serves both), and its published reviews per period.
 */
@ApplicationScoped
public class DashboardReviews implements PanacheRepositoryBase<Review, Long> {

    /**
     * Which reviews: null fields do not filter. {@code text}: lower case, matched as a plain substring of the name
     * or the comment (not of a hidden review's comment, which the shop sees as the moderators' notice).
     */
    public record Filter(long webshopId, Integer rating, Boolean verified, Boolean replied, String language,
                         Instant from, Instant until, String text) {
    }

    /** A position in the list: the last review of the previous page. */
    public record Position(Instant created, long id) {
    }

    /** One period of the overview: its first day (YYYY-MM-DD, UTC), amount and unrounded average rating. */
    public record PeriodRow(String period, long amount, BigDecimal average) {
    }

    public Uni<List<Review>> page(Filter filter, Position after, int limit) {
        StringBuilder where = where(filter);
        Parameters parameters = parameters(filter);
        if (after != null) {
            where.append(" and createdAt <= :afterCreated and (createdAt < :afterCreated or id < :afterId)");
            parameters.and("afterCreated", after.created()).and("afterId", after.id());
        }
        return find(where.append(" order by createdAt desc, id desc").toString(), parameters).range(0, limit - 1).list();
    }

    public Uni<Long> total(Filter filter) {
        return count(where(filter).toString(), parameters(filter));
    }

    /**
     * The webshop's published reviews ({@link ReviewRepository#PUBLISHED_SQL}) created since {@code since}, per
     * {@code unit} ("week": ISO weeks from Monday, or "month") in UTC; periods without reviews are absent.
     */
    public Uni<List<PeriodRow>> perPeriod(long webshopId, String unit, Instant since) {
        return getSession().chain(session -> session.createNativeQuery(
                        "select to_char(date_trunc(cast(?2 as text), created_at at time zone 'UTC'), 'YYYY-MM-DD') as period, "
                                + "count(*), avg(rating) from review where webshop_id = ?1 and " + ReviewRepository.PUBLISHED_SQL
                                + " and created_at >= ?3 group by 1 order by 1", Object[].class)
                .setParameter(1, webshopId).setParameter(2, unit).setParameter(3, since)
                .getResultList())
                .map(rows -> rows.stream().map(row -> new PeriodRow((String) row[0], ((Number) row[1]).longValue(),
                        row[2] == null ? null : new BigDecimal(row[2].toString()))).toList());
    }

    private static StringBuilder where(Filter filter) {
        StringBuilder where = new StringBuilder("webshopId = :shop and deletedAt is null");
        if (filter.rating() != null) {
            where.append(" and rating = :rating");
        }
        if (filter.verified() != null) {
            where.append(" and verified = :verified");
        }
        if (filter.replied() != null) {
            where.append(filter.replied() ? " and reaction <> ''" : " and reaction = ''");
        }
        if (filter.language() != null) {
            where.append(" and language = :language");
        }
        if (filter.from() != null) {
            where.append(" and createdAt >= :from");
        }
        if (filter.until() != null) {
            where.append(" and createdAt < :until");
        }
        if (filter.text() != null) {
            where.append(" and (lower(name) like :text escape '\\' or (hiddenReason is null and lower(comment) like :text escape '\\'))");
        }
        return where;
    }

    private static Parameters parameters(Filter filter) {
        Parameters parameters = Parameters.with("shop", filter.webshopId());
        if (filter.rating() != null) {
            parameters.and("rating", filter.rating().shortValue());
        }
        if (filter.verified() != null) {
            parameters.and("verified", filter.verified());
        }
        if (filter.language() != null) {
            parameters.and("language", filter.language());
        }
        if (filter.from() != null) {
            parameters.and("from", filter.from());
        }
        if (filter.until() != null) {
            parameters.and("until", filter.until());
        }
        if (filter.text() != null) {
            parameters.and("text", "%" + likeEscaped(filter.text()) + "%");
        }
        return parameters;
    }

    static String likeEscaped(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
