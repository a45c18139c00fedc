package dev.shopreviews.embed.readmodel.repository;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A product review written with a review ({@code ReviewChanged.products}); shown while its review is shown. */
@Entity
@Table(name = "shown_product_review")
public class ShownProductReview extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "review_id", nullable = false)
    public long reviewId;

    @Column(name = "webshop_id", nullable = false)
    public long webshopId;

    @Column(name = "product_id", nullable = false)
    public String productId;

    public String sku;

    public String gtin;

    @Column(nullable = false)
    public String name;

    @Column(columnDefinition = "text")
    public String url;

    @Column(name = "image_url", columnDefinition = "text")
    public String imageUrl;

    @Column(nullable = false)
    public int rating;

    @Column(columnDefinition = "text")
    public String text;

    public static Uni<Long> deleteOfReview(long reviewId) {
        return delete("reviewId = ?1", reviewId);
    }
}
