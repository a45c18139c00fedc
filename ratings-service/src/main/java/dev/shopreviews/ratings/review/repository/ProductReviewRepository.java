package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.List;

/** Product reviews, written by the intake with their review (identity ids: each persist inserts at once). */
@ApplicationScoped
public class ProductReviewRepository implements PanacheRepositoryBase<ProductReview, Long> {

    /** The product reviews written with these reviews, by id. */
    public Uni<List<ProductReview>> ofReviews(Collection<Long> reviewIds) {
        if (reviewIds.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return list("reviewId in ?1 order by id", reviewIds);
    }

    /** Removes the texts of the product reviews written with these reviews (an erasure). */
    public Uni<Integer> eraseTexts(Collection<Long> reviewIds) {
        if (reviewIds.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return update("text = null where reviewId in ?1", reviewIds);
    }
}
