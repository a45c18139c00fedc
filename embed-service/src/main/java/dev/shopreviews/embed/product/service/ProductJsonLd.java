package dev.shopreviews.embed.product.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.math.BigDecimal;
import java.util.List;

/**
 * schema.org {@code Product} with {@code AggregateRating} and {@code Review}s, as Google's review snippets want it: the
 * rating of a product (never of the shop itself: that would be a self-serving review), ratingCount = the product's
 * ratings, reviewCount = those with a shown text, bestRating 5, worstRating 1; only for a product with ratings.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"@context", "@type", "name", "sku", "gtin", "productID", "aggregateRating", "review"})
public record ProductJsonLd(@JsonProperty("@context") String context, @JsonProperty("@type") String type, String name,
                            String sku, String gtin, @JsonProperty("productID") String productId,
                            AggregateRating aggregateRating, List<Review> review) {

    @JsonPropertyOrder({"@type", "ratingValue", "ratingCount", "reviewCount", "bestRating", "worstRating"})
    public record AggregateRating(@JsonProperty("@type") String type, BigDecimal ratingValue, long ratingCount, long reviewCount,
                                  int bestRating, int worstRating) {
    }

    @JsonPropertyOrder({"@type", "author", "datePublished", "reviewRating", "reviewBody"})
    public record Review(@JsonProperty("@type") String type, Person author, String datePublished, Rating reviewRating,
                         String reviewBody) {
    }

    @JsonPropertyOrder({"@type", "name"})
    public record Person(@JsonProperty("@type") String type, String name) {
    }

    @JsonPropertyOrder({"@type", "ratingValue", "bestRating", "worstRating"})
    public record Rating(@JsonProperty("@type") String type, int ratingValue, int bestRating, int worstRating) {
    }

    /** The markup of {@code stars}; null when it has no ratings (Google refuses an AggregateRating of none). */
    public static ProductJsonLd of(ProductStars stars) {
        if (stars.ratingCount() == 0 || stars.name() == null) {
            return null;
        }
        ProductKey key = stars.product();
        List<Review> reviews = stars.reviews().stream()
                .filter(r -> r.text() != null && !r.text().isBlank() && !r.name().isBlank() && !r.date().isBlank())
                .map(r -> new Review("Review", new Person("Person", r.name()), r.date(),
                        new Rating("Rating", r.rating(), 5, 1), r.text()))
                .toList();
        return new ProductJsonLd("https://schema.org", "Product", stars.name(),
                key.kind() == ProductKey.Kind.SKU ? key.value() : null, key.kind() == ProductKey.Kind.GTIN ? key.value() : null,
                key.kind() == ProductKey.Kind.PRODUCT_ID ? key.value() : null,
                new AggregateRating("AggregateRating", stars.ratingAverage(), stars.ratingCount(), stars.reviewCount(), 5, 1),
                reviews.isEmpty() ? null : reviews);
    }
}
