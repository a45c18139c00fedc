package dev.shopreviews.invitations.erasure.service;

import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.erasure.repository.RetentionStatements;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * Deletes personal data past its retention (docs/privacy.md, Retention; config {@code shopreviews.retention.*}):
 * invitations never answered with a review, order consents, and review links long expired. Scheduled like the
 * sender; one transaction per run.
 */
@ApplicationScoped
public class RetentionCleanup {
    private static final Logger LOG = Logger.getLogger(RetentionCleanup.class);

    private final RetentionStatements statements;
    private final InvitationsConfig.Retention config;
    private volatile boolean stopping;

    /** What one run deleted. */
    public record Cleaned(int invitations, int orderConsents, int reviewLinks) {
    }

    public RetentionCleanup(RetentionStatements statements, InvitationsConfig config) {
        this.statements = statements;
        this.config = config.retention();
    }

    @Scheduled(every = "${shopreviews.retention.interval:1h}", delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        if (stopping) {
            return Uni.createFrom().voidItem();
        }
        return cleanUp(Instant.now())
                .invoke(cleaned -> {
                    if (cleaned.invitations() + cleaned.orderConsents() + cleaned.reviewLinks() > 0) {
                        LOG.infof("Retention: deleted %d invitation(s), %d order consent(s), %d review link(s)",
                                cleaned.invitations(), cleaned.orderConsents(), cleaned.reviewLinks());
                    }
                })
                .replaceWithVoid()
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Retention clean-up failed, the next run retries: %s", failure.getMessage());
                    return null;
                });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /**
     * One clean-up as of {@code now}, in one transaction (a scheduled job, no request: its own Panache.withTransaction).
     * Call on a safe duplicated Vert.x context (the scheduler's, or VertxContextSupport's in tests).
     */
    public Uni<Cleaned> cleanUp(Instant now) {
        return Panache.withTransaction(() -> statements.deleteUnansweredInvitationsBefore(now.minus(config.unansweredInvitations()))
                .chain(invitations -> statements.deleteOrderConsentsBefore(now.minus(config.orderConsents()))
                        .chain(consents -> statements.deleteReviewLinksExpiredBefore(now.minus(config.reviewLinksAfterExpiry()))
                                .map(links -> new Cleaned(invitations, consents, links)))));
    }
}
