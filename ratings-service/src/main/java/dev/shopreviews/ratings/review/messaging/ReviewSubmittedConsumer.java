package dev.shopreviews.ratings.review.messaging;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.messaging.FreshEvents;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.common.outbox.OutboxRelay;
import dev.shopreviews.ratings.review.service.IntakeBatch;
import dev.shopreviews.ratings.review.service.ReviewIntake;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Consumes {@code reviews.submitted} in batches (channel attribute {@code batch=true}): one transaction per polled
 * batch, retried as a whole until it commits ({@link ReviewIntake}: each webshop locked once, records handled in
 * order, each webshop that got reviews announces its summary once, at the end). Idempotent (event ids, all of the
 * batch's recorded with one statement);
 * a record refused by the rules goes to the dead letters (table and {@code reviews.submitted.dlq}) in the same
 * transaction and the batch goes on; a batch that fails for good in the database (e.g. a value PostgreSQL refuses)
 * is applied record by record so only the record at fault is dead-lettered ({@link GuardedRecords}).
 */
@ApplicationScoped
public class ReviewSubmittedConsumer implements ReplayableChannel {
    private static final Logger LOG = Logger.getLogger(ReviewSubmittedConsumer.class);
    private static final String CHANNEL = "reviews-submitted";

    private final SubmissionParser parser;
    private final ProcessedEvents processed;
    private final ReviewIntake intake;
    private final DeadLetters deadLetters;
    private final OutboxRelay relay;
    private final GuardedRecords guarded;
    private final IntakeMetrics metrics;

    public ReviewSubmittedConsumer(SubmissionParser parser, ProcessedEvents processed, ReviewIntake intake,
                                   DeadLetters deadLetters, OutboxRelay relay, GuardedRecords guarded, IntakeMetrics metrics) {
        this.guarded = guarded;
        this.metrics = metrics;
        this.parser = parser;
        this.processed = processed;
        this.intake = intake;
        this.deadLetters = deadLetters;
        this.relay = relay;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onReviews(ConsumerRecords<String, ReviewSubmitted> records) {
        long started = System.nanoTime();
        AtomicReference<BatchTally> committed = new AtomicReference<>();
        return guarded.applyBatch(CHANNEL, records, batch -> {
                    BatchTally tally = new BatchTally();
                    committed.set(tally);
                    return inTransaction(batch.stream().map(parser::parse).toList(), tally);
                }, new GuardedRecords.BatchOutcome() {
                    @Override
                    public void committed() {
                        metrics.committed(committed.get());
                    }

                    @Override
                    public void deadLettered() {
                        metrics.deadLettered();
                    }
                })
                .invoke(() -> {
                    relay.nudge();
                    LOG.infof("Batch of %d review events committed in %d ms: %s", records.count(),
                            (System.nanoTime() - started) / 1_000_000, committed.get());
                });
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(payload);
    }

    /** A replayed dead letter, applied like a batch of one; a refusal fails the replay instead of dead-lettering it again. */
    public Uni<Void> apply(String payload) {
        Submission submission = parser.parseReplay(payload);
        if (submission.refused()) {
            throw new UnusableRecord(submission.problem());
        }
        return inTransaction(List.of(submission), new BatchTally());
    }

    private Uni<Void> inTransaction(List<Submission> batch, BatchTally tally) {
        List<ReviewSubmitted> valid = batch.stream().filter(submission -> !submission.refused()).map(Submission::review).toList();
        // Flushed at commit only: every statement would otherwise first dirty-check all the entities the batch
        // persisted so far (quadratic in the batch).
        return intake.flushAtCommitOnly()
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
        if (intakeBatch.deactivated(webshopId)) {
            return refuse(submission, "webshop " + webshopId + " deactivated", tally);
        }
        Optional<String> refusal = intake.refusal(submission.review(), intakeBatch, Instant.now());
        if (refusal.isPresent()) {
            return refuse(submission, refusal.get(), tally);
        }
        return intake.accept(submission.review(), intakeBatch).invoke(review -> {
            tally.stored(review);
            LOG.debugf("Review %d stored for webshop %d (verified %s, held %s, quarantine %s)", review.id,
                    review.webshopId, review.verified, review.held, review.quarantine);
        }).replaceWithVoid();
    }

    private Uni<Void> refuse(Submission submission, String reason, BatchTally tally) {
        tally.refused();
        if (submission.source().offset() < 0) {
            throw new UnusableRecord(reason);  // a replay: the dead letter stays as it is
        }
        // The event id was recorded as processed with the batch's: forgotten again, so a replay applies it.
        return processed.forget(submission.eventId())
                .chain(() -> deadLetters.record(CHANNEL, submission.source(), reason, null)).replaceWithVoid();
    }
}
