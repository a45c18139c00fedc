package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.ratings.review.repository.Review;

import java.util.LinkedHashSet;
import java.util.Set;

/** What one batch of {@code reviews.submitted} did: counts for its log line, and the webshops that got reviews. */
final class BatchTally {
    private final Set<Long> webshops = new LinkedHashSet<>();
    private int stored;
    private int quarantined;
    private int held;
    private int refused;
    private int redelivered;
    private int published;

    void stored(Review review) {
        stored++;
        quarantined += review.quarantine ? 1 : 0;
        held += review.held ? 1 : 0;
        published += review.quarantine || review.held ? 0 : 1;
        webshops.add(review.webshopId);
    }

    int published() {
        return published;
    }

    int quarantined() {
        return quarantined;
    }

    int held() {
        return held;
    }

    int refusals() {
        return refused;
    }

    void refused() {
        refused++;
    }

    void redelivered() {
        redelivered++;
    }

    /** The webshops that got at least one review in this batch, in order of their first review. */
    Set<Long> webshops() {
        return webshops;
    }

    @Override
    public String toString() {
        return stored + " stored (" + quarantined + " quarantined, " + held + " held) for " + webshops.size()
                + " webshop(s), " + refused + " refused, " + redelivered + " redelivered and skipped";
    }
}
