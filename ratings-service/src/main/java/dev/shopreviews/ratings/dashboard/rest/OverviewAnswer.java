package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.dashboard.service.Overviews;

import java.math.BigDecimal;
import java.util.List;

/**
 * {@code GET /dashboard/api/ratings/webshops/{id}/overview}: the webshop's published reviews (as the summary counts
 * them): amount, average rating and sub-rating averages (two decimals, null without reviews) and the series.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "by", "amount", "average", "sub_ratings", "series"})
public record OverviewAnswer(String status, String message, String by, long amount, BigDecimal average,
                             SubRatings subRatings, List<Point> series) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"shippingtime", "customerservice", "pricequality", "aftersale"})
    public record SubRatings(BigDecimal shippingtime, BigDecimal customerservice, BigDecimal pricequality,
                             BigDecimal aftersale) {
    }

    /** {@code period}: the first day of the week (Monday) or month, YYYY-MM-DD (UTC); average null without reviews. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"period", "amount", "average"})
    public record Point(String period, long amount, BigDecimal average) {
    }

    static OverviewAnswer of(Overviews.Overview overview) {
        var summary = overview.summary();
        boolean any = summary.amount() > 0;
        return new OverviewAnswer(Messages.SUCCESS, "Ratings overview retrieved.", overview.by().value(), summary.amount(),
                any ? summary.rating() : null,
                new SubRatings(any ? summary.shippingtime() : null, any ? summary.customerservice() : null,
                        any ? summary.pricequality() : null, any ? summary.aftersale() : null),
                overview.series().stream().map(point -> new Point(point.period().toString(), point.amount(), point.average()))
                        .toList());
    }
}
