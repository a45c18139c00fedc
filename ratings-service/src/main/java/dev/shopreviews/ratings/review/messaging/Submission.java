package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.ReviewSubmitted;

/**
 * One {@code reviews.submitted} record as parsed: the review when it is valid, else the {@code problem} it is
 * refused for. {@code eventId} (to dedupe on) and {@code webshopId} are read even from a refused record when they
 * can be; {@code json} is the record value as received.
 */
public record Submission(ReviewSubmitted review, String eventId, Long webshopId, String problem, String json) {

    public boolean refused() {
        return problem != null;
    }
}
