package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.messaging.FreshEvents;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.messaging.RetriedTransactions;
import dev.shopreviews.common.outbox.OutboxRelay;
import dev.shopreviews.ratings.review.service.IntakeBatch;
import dev.shopreviews.ratings.review.service.ReviewIntake;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.hibernate.FlushMode;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Consumes {@code reviews.submitted} in batches (channel attribute {@code batch=true}): one transaction per polled
 * batch, retried as a whole until it commits ({@link ReviewIntake}: each webshop locked once, records handled in
 * order, each webshop that got reviews announces its summary once, at the end). Idempotent (event ids, all of the
 * batch's recorded with one statement);
 * a refused record goes to {@code reviews.submitted.dlq} with its reason through the outbox, in the same
 * transaction, and the batch goes on.
 */
@ApplicationScoped
public class ReviewSubmittedConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewSubmittedConsumer.class);

    private final SubmissionParser parser;
    private final ProcessedEvents processed;
    private final ReviewIntake intake;
    private final DeadLetters deadLetters;
    private final OutboxRelay relay;

    public ReviewSubmittedConsumer(SubmissionParser parser, ProcessedEvents processed, ReviewIntake intake,
                                   DeadLetters deadLetters, OutboxRelay relay) {
        this.parser = parser;
        this.processed = processed;
        this.intake = intake;
        this.deadLetters = deadLetters;
        this.relay = relay;
    }

    @Incoming("reviews-submitted")
    public Uni<Void> onReviews(List<String> records) {
        long started = System.nanoTime();
        List<Submission> batch = records.stream().map(parser::parse).toList();
        AtomicReference<BatchTally> committed = new AtomicReference<>();
        return RetriedTransactions.inTransaction("Batch of " + batch.size() + " records on reviews-submitted", () -> {
                    BatchTally tally = new BatchTally();
                    committed.set(tally);
                    return inTransaction(batch, tally);
                })
                .invoke(() -> {
                    relay.nudge();
                    LOG.infof("Batch of %d review events committed in %d ms: %s", batch.size(),
                            (System.nanoTime() - started) / 1_000_000, committed.get());
                });
    }

    private Uni<Void> inTransaction(List<Submission> batch, BatchTally tally) {
        List<ReviewSubmitted> valid = batch.stream().filter(submission -> !submission.refused()).map(Submission::review).toList();
        // Flushed at commit only: every statement would otherwise first dirty-check all the entities the batch
        // persisted so far (quadratic in the batch). Safe: the batch only inserts (identity ids insert at once)
        // and never changes an entity after persisting it.
        return Panache.getSession().invoke(session -> session.setFlushMode(FlushMode.COMMIT))
                .chain(() -> processed.firstDeliveries(batch.stream().map(Submission::eventId).toList()))
                .chain(fresh -> intake.begin(valid)
                        .chain(intakeBatch -> Multi.createFrom().iterable(batch)
                                .onItem().transformToUniAndConcatenate(submission -> handle(submission, fresh, intakeBatch, tally))
                                .collect().last()
                                .chain(() -> intake.finish(intakeBatch))));
    }

    private Uni<Void> handle(Submission submission, FreshEvents fresh, IntakeBatch intakeBatch, BatchTally tally) {
        if (!fresh.claim(submission.eventId())) {
            LOG.debugf("Skipping redelivered review event %s", submission.eventId());
            tally.redelivered();
            return Uni.createFrom().voidItem();
        }
        if (submission.refused()) {
            return refuse(submission, submission.problem(), tally);
        }
        long webshopId = submission.review().webshopId();
        if (!intakeBatch.knowsWebshop(webshopId)) {
            return refuse(submission, "unknown webshop " + webshopId, tally);
        }
        return intake.accept(submission.review(), intakeBatch).invoke(review -> {
            tally.stored(review);
            LOG.debugf("Review %d stored for webshop %d (verified %s, held %s, quarantine %s)", review.id,
                    review.webshopId, review.verified, review.held, review.quarantine);
        }).replaceWithVoid();
    }

    private Uni<Void> refuse(Submission submission, String reason, BatchTally tally) {
        tally.refused();
        return deadLetters.refuse(submission, reason);
    }
}
