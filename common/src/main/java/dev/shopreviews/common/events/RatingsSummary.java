package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;
import java.time.Instant;

/** Topic {@code ratings.summary} (compacted, key = webshop id): amount and averages of published reviews. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RatingsSummary(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        long amount,
        BigDecimal ratingAverage,
        SubAverages ratingsAverage) implements Event {

    public static final String TYPE = "ratings.summary";

    public record SubAverages(BigDecimal shippingtime, BigDecimal customerservice, BigDecimal pricequality,
                              BigDecimal aftersale) {
    }
}
