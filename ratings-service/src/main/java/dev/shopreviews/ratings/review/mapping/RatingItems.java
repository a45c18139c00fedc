package dev.shopreviews.ratings.review.mapping;

import dev.shopreviews.common.events.RatingItem;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.ratings.review.repository.Review;

/**
 * A review as a ratings.json item (spec 2.2); the same shape travels in the reviews.* events. A hidden review's
 * comment is the moderators' notice (every item, the shop's own view too: webhooks carry the same item).
 */
public final class RatingItems {
    private RatingItems() {
    }

    public static RatingItem of(Review review) {
        return of(review, false);
    }

    /** {@code hideEmail}: public callers (public_code) get an empty e-mail address. */
    public static RatingItem of(Review review, boolean hideEmail) {
        return new RatingItem(
                review.id,
                review.name,
                hideEmail ? "" : review.email,
                review.orderNumber,
                review.rating,
                new SubRatings(review.shippingtime, review.customerservice, review.pricequality, review.aftersale),
                review.publicComment(),
                Times.date(review.createdAt),
                review.country,
                review.language,
                Times.datetime(review.createdAt),
                review.read,
                review.quarantine,
                review.verified,
                review.reaction == null ? "" : review.reaction);
    }
}
