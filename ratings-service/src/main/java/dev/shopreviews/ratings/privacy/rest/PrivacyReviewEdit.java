package dev.shopreviews.ratings.privacy.rest;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.api.WrongType;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.ratings.review.service.ReviewChange;
import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code PUT /privacy/api/reviews/{id}}: rating and the four sub-ratings (JSON integers; "4" or 4.5 are
 * refused, never coerced), comment (a string, or null/absent for none). Only presence and types are checked here:
 * the ranges and the comment's length are the review form's rules ({@code ReviewValidator.refuseChange}), checked by
 * the change itself with its own answer ("Invalid review: …").
 */
@JsonRequest(notObject = PrivacyReviewEdit.NOT_AN_OBJECT)
public record PrivacyReviewEdit(@NotNull(message = Rating.INVALID) Integer rating,
                                @NotNull(message = Rating.INVALID) Integer shippingtime,
                                @NotNull(message = Rating.INVALID) Integer customerservice,
                                @NotNull(message = Rating.INVALID) Integer pricequality,
                                @NotNull(message = Rating.INVALID) Integer aftersale,
                                @WrongType("Invalid value for " + JsonRequest.FIELD + ": expected a string or null.") String comment) {
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with rating, shippingtime, "
            + "customerservice, pricequality, aftersale and comment.";

    ReviewChange change() {
        return new ReviewChange(rating, new SubRatings(shippingtime, customerservice, pricequality, aftersale), comment);
    }
}
