package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

/** Product reviews, written by the intake with their review (identity ids: each persist inserts at once). */
@ApplicationScoped
public class ProductReviewRepository implements PanacheRepositoryBase<ProductReview, Long> {
}
