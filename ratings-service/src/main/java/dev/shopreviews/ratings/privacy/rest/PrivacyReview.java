package dev.shopreviews.ratings.privacy.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;

import java.util.List;

/**
 * One of the reviewer's reviews as their privacy page shows it. {@code published}: public (not held, not
 * quarantined); {@code held}: a pop-up review waiting for the shop's confirmation of the order; {@code reaction}:
 * the shop's reply ("" when none); {@code import_source}: the provider the shop imported the review from (null for
 * reviews written with us). Dates UTC, {@code YYYY-MM-DD} and {@code YYYY-MM-DD HH:MM:SS}.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "webshop_id", "webshop_name", "rating", "ratings", "comment", "date", "created", "verified",
        "published", "quarantined", "held", "reaction", "reaction_date", "products", "import_source"})
public record PrivacyReview(long id, @JsonProperty("webshop_id") long webshopId,
                            @JsonProperty("webshop_name") String webshopName, int rating, SubRatings ratings,
                            String comment, String date, String created, boolean verified, boolean published,
                            boolean quarantined, boolean held, String reaction,
                            @JsonProperty("reaction_date") String reactionDate, List<Product> products,
                            @JsonProperty("import_source") String importSource) {

    /** A product rated with the review. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"product_id", "name", "url", "rating", "text"})
    public record Product(@JsonProperty("product_id") String productId, String name, String url, int rating, String text) {
        static Product of(ProductReview product) {
            return new Product(product.productId, product.name, product.url, product.rating, product.text);
        }
    }

    static PrivacyReview of(Review review, String webshopName, List<ProductReview> products) {
        return new PrivacyReview(review.id, review.webshopId, webshopName, review.rating,
                new SubRatings(review.shippingtime, review.customerservice, review.pricequality, review.aftersale),
                review.comment, Times.date(review.createdAt), Times.datetime(review.createdAt), review.verified,
                review.published(), review.quarantine, review.held, review.reaction == null ? "" : review.reaction,
                Times.datetime(review.reactionAt), products.stream().map(Product::of).toList(), review.importSource);
    }
}
