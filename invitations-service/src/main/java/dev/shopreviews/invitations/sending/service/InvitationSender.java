package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.sending.mail.InvitationMail;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * Sends due invitations (spec 3.1 queued → sent) and the reminders of sent ones: claims them, e-mails each over SMTP
 * and records the outcome.
 * Each attempt is counted by outcome ({@code invitations.mail.sends}, outcome sent or failed); a failed attempt is
 * retried with exponential backoff; after the last attempt the invitation is marked failed
 * ({@code invitations.mail.given.up}), never dropped.
 */
@ApplicationScoped
public class InvitationSender {
    private static final Logger LOG = Logger.getLogger(InvitationSender.class);

    private final SendClaims claims;
    private final InvitationMail mail;
    private final InvitationsConfig.Sending config;
    private final Backoff backoff;
    private final Counter sentCounter;
    private final Counter failureCounter;
    private final Counter givenUpCounter;
    private volatile boolean stopping;

    public InvitationSender(SendClaims claims, InvitationMail mail, InvitationsConfig config, MeterRegistry registry) {
        this.claims = claims;
        this.mail = mail;
        this.config = config.sending();
        this.backoff = new Backoff(this.config.backoffBase(), this.config.backoffMax());
        this.sentCounter = Counter.builder("invitations.mail.sends").tag("outcome", "sent")
                .description("SMTP attempts of invitation e-mails by outcome (a failed one is retried or marked failed)")
                .register(registry);
        this.failureCounter = Counter.builder("invitations.mail.sends").tag("outcome", "failed")
                .description("SMTP attempts of invitation e-mails by outcome (a failed one is retried or marked failed)")
                .register(registry);
        this.givenUpCounter = Counter.builder("invitations.mail.given.up")
                .description("Invitations marked failed after their last attempt").register(registry);
    }

    @Scheduled(every = "${shopreviews.sending.poll-interval:5s}", delayed = "2s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> sendDue() {
        if (stopping) {
            return Uni.createFrom().voidItem();  // the pool closes during shutdown: the next start sends them
        }
        // A full batch means more may be due: claim again at once (at most 50 batches per run).
        return Uni.createFrom().deferred(this::dispatchDue)
                .repeat().whilst(ids -> ids.size() >= config.batchSize())
                .select().first(50)
                .collect().last()
                .replaceWithVoid()
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Invitation sender run failed, next run retries: %s", failure.getMessage());
                    return null;
                });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /**
     * One sender run: claims a batch and sends it; answers the ids this run claimed for e-mail. Call on a safe
     * duplicated Vert.x context (the scheduler's, or VertxContextSupport's in tests): Panache's transactions need one.
     */
    public Uni<List<Long>> dispatchDue() {
        Context context = Vertx.currentContext();
        return claims.claim(Instant.now(), config.batchSize())
                .chain(jobs -> Multi.createFrom().iterable(jobs)
                        .onItem().transformToUniAndConcatenate(job -> sendOne(job, context).replaceWith(job.invitationId()))
                        .collect().asList());
    }

    private Uni<Void> sendOne(MailJob job, Context context) {
        Uni<Void> send = job.shopName() == null
                ? Uni.createFrom().failure(new IllegalStateException("webshop " + job.webshopId() + " is not known here"))
                : Uni.createFrom().deferred(() -> mail.send(job, Instant.now()));
        // The SMTP client may answer on its own event-loop context: back to the run's context before the next transaction.
        return send.emitOn(command -> onContext(context, command)).onItemOrFailure().transformToUni((ok, failure) -> failure == null
                ? (job.reminder() ? claims.reminded(job.invitationId(), Instant.now()) : claims.sent(job.invitationId(), Instant.now()))
                        .invoke(() -> sentCounter.increment())
                : failed(job, failure));
    }

    private static void onContext(Context context, Runnable command) {
        if (context == null || Vertx.currentContext() == context) {
            command.run();
        } else {
            context.runOnContext(ignored -> command.run());
        }
    }

    /**
     * A failed attempt is tried again later, unless it was the last or the mail server refused the recipient for good
     * ({@link Bounces}: a permanent 5xx answer to RCPT or DATA), which is recorded as the failure at once.
     */
    private Uni<Void> failed(MailJob job, Throwable failure) {
        failureCounter.increment();
        String bounce = Bounces.reason(failure);
        boolean giveUp = bounce != null || job.attempt() >= config.maxAttempts();
        Instant retryAt = Instant.now().plus(backoff.after(job.attempt()));
        String error = bounce != null ? bounce : failure.getClass().getSimpleName() + ": " + failure.getMessage();
        String what = job.reminder() ? "Reminder of invitation" : "Invitation";
        if (giveUp) {
            givenUpCounter.increment();
            LOG.warnf("%s %d of webshop %d failed for good after %d attempt(s): %s",
                    what, job.invitationId(), job.webshopId(), job.attempt(), error);
        } else {
            LOG.warnf("%s %d of webshop %d: attempt %d of %d failed, retry at %s: %s",
                    what, job.invitationId(), job.webshopId(), job.attempt(), config.maxAttempts(), retryAt, error);
        }
        return job.reminder()
                ? claims.reminderFailed(job.invitationId(), error, giveUp, retryAt)
                : claims.attemptFailed(job.invitationId(), error, giveUp, retryAt);
    }
}
