package dev.shopreviews.embed.product.repository;

import dev.shopreviews.embed.product.service.ProductKey;
import dev.shopreviews.embed.readmodel.repository.ShownProductReview;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads product reviews of shown reviews from the read model. Call inside a reactive session. */
@ApplicationScoped
public class ProductReviewQueries {

    /**
     * Of one product's shown reviews: how many rate it, their average, and how many of them have a text that is shown
     * (not empty, not hidden by the moderators).
     */
    public record Totals(long ratings, double average, long texts) {
        public static final Totals NONE = new Totals(0, 0, 0);
    }

    /** A product review with the review it was written with. */
    public record Row(ShownProductReview product, ShownReview review) {
    }

    /** The totals of the products of one kind among {@code values}; a value with no shown reviews is absent. */
    public Uni<Map<String, Totals>> totals(long webshopId, ProductKey.Kind kind, Collection<String> values) {
        if (values.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        String hql = "select p." + kind.attribute + ", count(p), avg(p.rating),"
                + " count(case when r.hiddenReason is null and p.text is not null and p.text <> '' then 1 end)"
                + " from ShownProductReview p join ShownReview r on r.reviewId = p.reviewId"
                + " where p.webshopId = :webshop and p." + kind.attribute + " in :values and r.shown = true"
                + " group by p." + kind.attribute;
        return Panache.getSession().chain(session -> session.createSelectionQuery(hql, Object[].class)
                .setParameter("webshop", webshopId).setParameter("values", values).getResultList())
                .map(ProductReviewQueries::byValue);
    }

    /** The newest {@code limit} shown reviews of one product, newest first. */
    public Uni<List<Row>> newest(long webshopId, ProductKey key, int limit) {
        String hql = "select p, r from ShownProductReview p join ShownReview r on r.reviewId = p.reviewId"
                + " where p.webshopId = :webshop and p." + key.kind().attribute + " = :value and r.shown = true"
                + " order by r.created desc, r.reviewId desc, p.id desc";
        return Panache.getSession().chain(session -> session.createSelectionQuery(hql, Object[].class)
                .setParameter("webshop", webshopId).setParameter("value", key.value())
                .setMaxResults(limit).getResultList())
                .map(rows -> rows.stream().map(r -> new Row((ShownProductReview) r[0], (ShownReview) r[1])).toList());
    }

    private static Map<String, Totals> byValue(List<Object[]> rows) {
        Map<String, Totals> totals = new HashMap<>();
        for (Object[] row : rows) {
            totals.put((String) row[0], new Totals(((Number) row[1]).longValue(), ((Number) row[2]).doubleValue(),
                    ((Number) row[3]).longValue()));
        }
        return totals;
    }
}
