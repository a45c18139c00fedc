package dev.shopreviews.invitations.erasure.service;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.invitations.privacy.repository.PrivacyLinkLog;
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
 * invitations never answered with a review, order consents, review links long expired, shop platforms' delivery ids
 * and order claims, the privacy page's link requests and used links, and dead letters resolved long ago. Scheduled like the
 * sender; one transaction per run.
 */
@ApplicationScoped
public class RetentionCleanup {
    private static final Logger LOG = Logger.getLogger(RetentionCleanup.class);

    /** The privacy page's link requests are counted over an hour; a day later they go. */
    private static final java.time.Duration PRIVACY_LINK_REQUESTS = java.time.Duration.ofDays(1);

    private final RetentionStatements statements;
    private final PrivacyLinkLog privacyLinks;
    private final DeadLetters deadLetters;
    private final InvitationsConfig.Retention config;
    private volatile boolean stopping;

    /** What one run deleted. */
    public record Cleaned(int invitations, int orderConsents, int reviewLinks) {
    }

    public RetentionCleanup(RetentionStatements statements, PrivacyLinkLog privacyLinks, DeadLetters deadLetters,
                            InvitationsConfig config) {
        this.statements = statements;
        this.privacyLinks = privacyLinks;
        this.deadLetters = deadLetters;
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
                                .map(links -> new Cleaned(invitations, consents, links)))
                .call(() -> statements.deleteShopPlatformDeliveriesBefore(now.minus(config.shopPlatformDeliveries())))
                .call(() -> statements.deleteShopPlatformOrdersBefore(now.minus(config.unansweredInvitations())))
                .call(() -> privacyLinks.deleteOld(now.minus(PRIVACY_LINK_REQUESTS), now))
                .call(() -> deadLetters.deleteResolvedLongAgo(now))));
    }
}
