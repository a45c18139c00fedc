package dev.shopreviews.ratings.summary.service;

import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Amount and averages of a webshop's published reviews (not deleted, not held, not quarantined).
 * Averages are rounded HALF_UP to two decimals; with no reviews they are 0.00.
 */
@ApplicationScoped
public class Summaries {
    public static final int SCALE = 2;

    private final ReviewRepository reviews;

    public Summaries(ReviewRepository reviews) {
        this.reviews = reviews;
    }

    public record Summary(long amount, BigDecimal rating, BigDecimal shippingtime, BigDecimal customerservice,
                          BigDecimal pricequality, BigDecimal aftersale) {
    }

    public Uni<Summary> of(long webshopId) {
        return reviews.publishedAverages(webshopId)
                .map(averages -> new Summary(averages.amount(), round(averages.rating()), round(averages.shippingtime()),
                        round(averages.customerservice()), round(averages.pricequality()), round(averages.aftersale())));
    }

    static BigDecimal round(BigDecimal average) {
        return (average == null ? BigDecimal.ZERO : average).setScale(SCALE, RoundingMode.HALF_UP);
    }
}
