package dev.shopreviews.ratings.summary.service;

import io.quarkus.hibernate.reactive.panache.Panache;
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

    public record Summary(long amount, BigDecimal rating, BigDecimal shippingtime, BigDecimal customerservice,
                          BigDecimal pricequality, BigDecimal aftersale) {
    }

    public Uni<Summary> of(long webshopId) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select count(*), avg(rating), avg(shippingtime), avg(customerservice), avg(pricequality), avg(aftersale) "
                                + "from review where webshop_id = ?1 and deleted_at is null and held = false and quarantine = false",
                        Object[].class)
                .setParameter(1, webshopId)
                .getSingleResult())
                .map(row -> new Summary(((Number) row[0]).longValue(), round(row[1]), round(row[2]), round(row[3]),
                        round(row[4]), round(row[5])));
    }

    static BigDecimal round(Object average) {
        BigDecimal value = average == null ? BigDecimal.ZERO
                : average instanceof BigDecimal decimal ? decimal : new BigDecimal(average.toString());
        return value.setScale(SCALE, RoundingMode.HALF_UP);
    }
}
