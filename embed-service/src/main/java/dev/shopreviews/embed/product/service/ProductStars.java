package dev.shopreviews.embed.product.service;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.embed.product.repository.ProductReviewQueries;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * One product's stars: its name (of its newest review; null when it has none), how many ratings and texts, the
 * average, and its newest reviews. An unknown product is {@link #none}: no ratings, no reviews.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ProductStars(@com.fasterxml.jackson.annotation.JsonIgnore ProductKey product, String name, long ratingCount, long reviewCount, BigDecimal ratingAverage,
                           List<ProductReviewItem> reviews) {

    /**
     * A review of the product as shown: {@code text} null while hidden ({@code hiddenReason} says why); {@code imported}
     * and {@code importSource} (extensions): the shop imported it from that provider, so it is never {@code verified}.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ProductReviewItem(long id, String name, int rating, String text, String date, boolean verified,
                                    String hiddenReason, boolean imported, String importSource) {
    }

    public static ProductStars none(ProductKey product) {
        return new ProductStars(product, null, 0, 0, BigDecimal.ZERO.setScale(2), List.of());
    }

    public static ProductStars of(ProductKey product, ProductReviewQueries.Totals totals, List<ProductReviewQueries.Row> rows) {
        if (totals.ratings() == 0 || rows.isEmpty()) {
            return none(product);
        }
        List<ProductReviewItem> reviews = rows.stream().map(row -> new ProductReviewItem(row.review().reviewId,
                row.review().name, row.product().rating, row.review().hiddenReason == null ? row.product().text : null,
                row.review().reviewDate, row.review().verified && row.review().importSource == null, row.review().hiddenReason,
                row.review().importSource != null, row.review().importSource)).toList();
        return new ProductStars(product, rows.get(0).product().name, totals.ratings(), totals.texts(),
                average(totals.average()), reviews);
    }

    /** The average as text, e.g. {@code 4.50}. */
    public String score() {
        return ratingAverage.toPlainString();
    }

    /** Full stars to show for the average (rounded half up). */
    public int stars() {
        return ratingAverage.setScale(0, RoundingMode.HALF_UP).intValue();
    }

    static BigDecimal average(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP);
    }
}
