package dev.shopreviews.ratings.review.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.review.repository.Review;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a new review is quarantined: links, phone numbers or e-mail addresses in its texts ({@link Suspicion}), a
 * comment the webshop already has, more than the burst limit of reviews from one client address within the burst
 * window. The last two look at the batch's {@link IntakeBatch}, which includes the reviews stored earlier in the batch.
 */
@ApplicationScoped
public class QuarantineRules {
    private final RatingsConfig.Quarantine rules;

    public QuarantineRules(RatingsConfig config) {
        this.rules = config.quarantine();
    }

    /** The reasons, empty when the review is not suspicious. */
    public List<String> reasons(Review review, ReviewSubmitted submitted, IntakeBatch batch) {
        List<String> reasons = new ArrayList<>();
        for (String text : texts(submitted)) {
            Suspicion.inText(text).stream().filter(reason -> !reasons.contains(reason)).forEach(reasons::add);
        }
        if (review.commentHash != null && batch.hasComment(review.webshopId, review.commentHash)) {
            reasons.add("duplicate text from the same webshop");
        }
        if (review.clientAddress != null
                && batch.reviewsFromClient(review.webshopId, review.clientAddress) >= rules.burstLimit()) {
            reasons.add("burst: more than " + rules.burstLimit() + " reviews from one client address within "
                    + rules.burstWindow());
        }
        return reasons;
    }

    /** Reviews created at or after this count for the burst rule of reviews created now. */
    public Instant burstWindowStart(Instant now) {
        return now.minus(rules.burstWindow());
    }

    private static List<String> texts(ReviewSubmitted submitted) {
        List<String> texts = new ArrayList<>();
        texts.add(submitted.comment());
        if (submitted.products() != null) {
            submitted.products().forEach(product -> texts.add(product.text()));
        }
        return texts;
    }
}
