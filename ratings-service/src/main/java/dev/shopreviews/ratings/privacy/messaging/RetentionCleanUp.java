package dev.shopreviews.ratings.privacy.messaging;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddresses;
import dev.shopreviews.ratings.reply.repository.ReplyNotificationRepository;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * Retention (docs/privacy.md): blanks the client address of reviews older than
 * {@code shopreviews.retention.client-address} (30 days; the burst rule looks back an hour) and deletes reply
 * notifications sent longer ago than {@code shopreviews.retention.reply-notification} (30 days) and the kept
 * addresses of reviews erased longer ago than {@code shopreviews.retention.erased-review-address} (90 days), every
 * {@code shopreviews.retention.interval} (1h), in one transaction of its own.
 */
@ApplicationScoped
public class RetentionCleanUp {
    private static final Logger LOG = Logger.getLogger(RetentionCleanUp.class);

    public record Cleaned(int clientAddresses, long replyNotifications, long erasedReviewAddresses) {
    }

    private final ReviewRepository reviews;
    private final ReplyNotificationRepository notifications;
    private final RatingsConfig.Retention retention;
    private final DeadLetters deadLetters;
    private final ErasedReviewAddresses erasedAddresses;

    public RetentionCleanUp(ReviewRepository reviews, ReplyNotificationRepository notifications, RatingsConfig config,
                            DeadLetters deadLetters, ErasedReviewAddresses erasedAddresses) {
        this.erasedAddresses = erasedAddresses;
        this.deadLetters = deadLetters;
        this.reviews = reviews;
        this.notifications = notifications;
        this.retention = config.retention();
    }

    @Scheduled(every = "${shopreviews.retention.interval:1h}", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return cleanUp(Instant.now()).replaceWithVoid().onFailure().recoverWithItem(failure -> {
            LOG.warnf("Retention clean-up will be retried at its next run: %s", failure.getMessage());
            return null;
        });
    }

    /** One clean-up as of {@code now}; a scheduled job opens its own transaction (Panache.withTransaction). */
    public Uni<Cleaned> cleanUp(Instant now) {
        return Panache.withTransaction(() -> reviews.forgetClientAddressesBefore(now.minus(retention.clientAddress()))
                        .chain(addresses -> notifications.deleteSentBefore(now.minus(retention.replyNotification()))
                                .chain(sent -> erasedAddresses.deleteErasedBefore(now.minus(retention.erasedReviewAddress()))
                                        .map(erased -> new Cleaned(addresses, sent, erased))))
                        .call(() -> deadLetters.deleteResolvedLongAgo(now)))
                .invoke(cleaned -> {
                    if (cleaned.clientAddresses() > 0 || cleaned.replyNotifications() > 0 || cleaned.erasedReviewAddresses() > 0) {
                        LOG.infof("Retention: %d client address(es) blanked, %d sent reply notification(s) deleted, "
                                        + "%d erased review address(es) deleted", cleaned.clientAddresses(),
                                cleaned.replyNotifications(), cleaned.erasedReviewAddresses());
                    }
                });
    }
}
