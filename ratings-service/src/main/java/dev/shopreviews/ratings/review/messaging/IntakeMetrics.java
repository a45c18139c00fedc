package dev.shopreviews.ratings.review.messaging;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code ratings.reviews.intake} (Prometheus {@code ratings_reviews_intake_total}): records of
 * {@code reviews.submitted} taken in, by outcome: published (public at once), quarantined, held (a pop-up review
 * waiting for its order's confirmation) or dead_lettered. Counted after the commit that stored them; redeliveries
 * skipped as already processed are not counted, nor dead letters the operator replays.
 */
@ApplicationScoped
public class IntakeMetrics {
    private final Counter published;
    private final Counter quarantined;
    private final Counter held;
    private final Counter deadLettered;

    public IntakeMetrics(MeterRegistry registry) {
        this.published = counter(registry, "published");
        this.quarantined = counter(registry, "quarantined");
        this.held = counter(registry, "held");
        this.deadLettered = counter(registry, "dead_lettered");
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder("ratings.reviews.intake").tag("outcome", outcome)
                .description("Submitted reviews taken in, by outcome").register(registry);
    }

    /** A committed batch's (or record's) counts. */
    void committed(BatchTally tally) {
        published.increment(tally.published());
        quarantined.increment(tally.quarantined());
        held.increment(tally.held());
        deadLettered.increment(tally.refusals());
    }

    /** A record dead-lettered on its own (the database refused it for good). */
    void deadLettered() {
        deadLettered.increment();
    }
}
