package dev.shopreviews.ratings.review.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A product's rating and text, written with a review of an invitation that carried products. Data only: written
 * through {@link ProductReviewRepository}, read by the feed ({@code FeedEntries}).
 */
@Entity
@Table(name = "product_review")
public class ProductReview {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "review_id", nullable = false)
    public long reviewId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(name = "product_id", nullable = false)
    public String productId;

    @Column(nullable = false)
    public String name;

    public String url;

    @Column(name = "image_url")
    public String imageUrl;

    public String sku;

    public String gtin;

    @Column(nullable = false)
    public short rating;

    @Column(columnDefinition = "text")
    public String text;
}
