package dev.shopreviews.ratings.summary.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.summary.service.Summaries;

import java.math.BigDecimal;

/** Spec 4.4, success and error alike: {@code data} is the summary, or null on error (written, never left out). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "data"})
public record RatingsSummaryAnswer(String status, String message, Data data) {

    @JsonPropertyOrder({"amount", "rating_average", "ratings_average"})
    public record Data(long amount, @JsonProperty("rating_average") BigDecimal ratingAverage,
                       @JsonProperty("ratings_average") Averages ratingsAverage) {
    }

    /** The four sub-rating averages, two decimals. */
    @JsonPropertyOrder({"shippingtime", "customerservice", "pricequality", "aftersale"})
    public record Averages(BigDecimal shippingtime, BigDecimal customerservice, BigDecimal pricequality,
                           BigDecimal aftersale) {
    }

    static RatingsSummaryAnswer of(Summaries.Summary summary) {
        return new RatingsSummaryAnswer(Messages.SUCCESS, RatingsSummaryResource.SUCCESS, new Data(summary.amount(),
                summary.rating(), new Averages(summary.shippingtime(), summary.customerservice(), summary.pricequality(),
                summary.aftersale())));
    }

    public static RatingsSummaryAnswer error(String message) {
        return new RatingsSummaryAnswer(Messages.ERROR, message, null);
    }
}
