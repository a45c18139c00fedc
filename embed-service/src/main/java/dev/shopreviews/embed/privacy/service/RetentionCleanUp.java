package dev.shopreviews.embed.privacy.service;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.embed.links.repository.KnownLink;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;

/**
 * Deletes personal data past its retention (docs/privacy.md, Retention): review links that expired 30 days ago (their
 * row holds the link's address and name; their openings are first added to the dashboard's per-day counts,
 * known_review_link_opens) and dead letters resolved long ago. Hourly, one transaction per run.
 */
@ApplicationScoped
public class RetentionCleanUp {
    /** The review form answers an expired link with "expired" for a while before it is forgotten. */
    public static final Duration LINKS_AFTER_EXPIRY = Duration.ofDays(30);
    private static final Logger LOG = Logger.getLogger(RetentionCleanUp.class);

    private final DeadLetters deadLetters;
    private volatile boolean stopping;

    /** What one run deleted. */
    public record Cleaned(long reviewLinks, long deadLetters) {
    }

    public RetentionCleanUp(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    @Scheduled(every = "1h", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        if (stopping) {
            return Uni.createFrom().voidItem();
        }
        return cleanUp(Instant.now())
                .invoke(cleaned -> {
                    if (cleaned.reviewLinks() + cleaned.deadLetters() > 0) {
                        LOG.infof("Retention: deleted %d review link(s), %d resolved dead letter(s)",
                                cleaned.reviewLinks(), cleaned.deadLetters());
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

    /** One clean-up as of {@code now} (a scheduled job: its own transaction). */
    public Uni<Cleaned> cleanUp(Instant now) {
        Instant cutoff = now.minus(LINKS_AFTER_EXPIRY);
        // the shop dashboard's opened counts outlive the links (known_review_link_opens, migration V6)
        return Panache.withTransaction(() -> KnownLink.keepOpensOfExpiredBefore(cutoff)
                .chain(() -> KnownLink.delete("expiresAt < ?1", cutoff))
                .chain(links -> deadLetters.deleteResolvedLongAgo(now).map(letters -> new Cleaned(links, letters))));
    }
}
