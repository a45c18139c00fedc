package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.ReviewSubmitted;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * One {@code reviews.submitted} record as parsed: the review when it is valid, else the {@code problem} it is
 * refused for. {@code eventId} (to dedupe on) and {@code webshopId} are read even from a refused record when they
 * can be; {@code source} is the record as received.
 */
public record Submission(ReviewSubmitted review, String eventId, Long webshopId, String problem,
                         ConsumerRecord<String, ReviewSubmitted> source) {

    public boolean refused() {
        return problem != null;
    }
}
