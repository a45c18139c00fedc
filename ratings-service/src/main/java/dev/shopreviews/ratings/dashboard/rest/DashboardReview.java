package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;

import java.time.Instant;

/**
 * A review as its shop's owner sees it in the dashboard: what ratings.json shows the shop (name and e-mail address
 * included; a hidden review's comment is the moderators' notice), its state, the shop's reply and whether the owner
 * reported it, how many visitors' reports are open (visitor_reports) and whether the shop marked it incentivized.
 * {@code state}: published, quarantined, held or hidden. {@code import_source}: the provider an imported review came
 * from (null for our own reviews).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"id", "created", "name", "email", "order_number", "rating", "ratings", "comment", "language",
        "country", "verified", "state", "quarantine", "held", "hidden", "reply", "replied_at", "reported", "visitor_reports", "incentivized", "import_source"})
public record DashboardReview(long id, Instant created, String name, String email, String orderNumber, int rating,
                              SubRatings ratings, String comment, String language, String country, boolean verified,
                              String state, boolean quarantine, boolean held, boolean hidden, String reply,
                              Instant repliedAt, boolean reported, long visitorReports, boolean incentivized,
                              String importSource) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"shippingtime", "customerservice", "pricequality", "aftersale"})
    public record SubRatings(int shippingtime, int customerservice, int pricequality, int aftersale) {
    }

    static DashboardReview of(Review review, boolean reported, long visitorReports) {
        boolean replied = review.reaction != null && !review.reaction.isEmpty();
        return new DashboardReview(review.id, review.createdAt, review.name, review.email, review.orderNumber,
                review.rating, new SubRatings(review.shippingtime, review.customerservice, review.pricequality,
                review.aftersale), review.publicComment(), review.language, review.country, review.verified,
                ModerationState.of(review), review.quarantine, review.held, review.hidden(),
                replied ? review.reaction : null, replied ? review.reactionAt : null, reported,
                visitorReports, review.incentivized, review.importSource);
    }
}
