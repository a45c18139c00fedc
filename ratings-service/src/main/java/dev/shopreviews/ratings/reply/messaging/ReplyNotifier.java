package dev.shopreviews.ratings.reply.messaging;

import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.reply.repository.ReplyNotification;
import dev.shopreviews.ratings.reply.repository.ReplyNotificationRepository;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.repository.WebshopReplicas;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.mailer.MailTemplate;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Sends the queued reply notifications over SMTP (Qute templates ReplyNotifier/reply.txt and .html). Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so replicas never send one twice; a failed send is retried with a growing
 * pause until {@code shopreviews.replies.max-attempts}.
 */
@ApplicationScoped
public class ReplyNotifier {
    private static final Logger LOG = Logger.getLogger(ReplyNotifier.class);
    private static final int BATCH = 20;

    @CheckedTemplate
    static class Templates {
        static native MailTemplate.MailTemplateInstance reply(String reviewerName, String shopName, String comment,
                                                              String reply);
    }

    private final ReplyNotificationRepository notifications;
    private final ReviewRepository reviews;
    private final WebshopReplicas webshops;
    private final RatingsConfig config;
    private volatile boolean stopping;

    public ReplyNotifier(ReplyNotificationRepository notifications, ReviewRepository reviews, WebshopReplicas webshops,
                         RatingsConfig config) {
        this.notifications = notifications;
        this.reviews = reviews;
        this.webshops = webshops;
        this.config = config;
    }

    @Scheduled(every = "${shopreviews.replies.poll-interval:2s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            delayed = "1s")
    Uni<Void> sendDue() {
        if (stopping) {
            return Uni.createFrom().voidItem();  // the pool closes during shutdown: the next start sends them
        }
        return sendBatch().replaceWithVoid().onFailure().recoverWithItem(failure -> {
            LOG.warnf("Reply notifications will be retried: %s", failure.getMessage());
            return null;
        });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /**
     * Sends one batch of due notifications in one transaction (a scheduled job opens its own, Panache.withTransaction;
     * the sent and failed notifications are written at its commit); answers how many were handled.
     */
    public Uni<Integer> sendBatch() {
        return Panache.withTransaction(() -> notifications.claimDue(config.replies().maxAttempts(), BATCH)
                .chain(this::sendAll));
    }

    private Uni<Integer> sendAll(List<ReplyNotification> due) {
        if (due.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Multi.createFrom().iterable(due)
                .onItem().transformToUniAndConcatenate(this::send)
                .collect().last().replaceWith(due.size());
    }

    private Uni<Void> send(ReplyNotification notification) {
        return reviews.findById(notification.reviewId)
                .chain(review -> webshops.findById(review.webshopId)
                        .chain(shop -> Templates.reply(review.name, shop == null ? "" : shop.name,
                                        review.comment == null ? "" : review.comment, review.reaction)
                                .to(notification.recipient)
                                .subject(config.replies().subject())
                                .send()))
                .invoke(() -> {
                    notification.sentAt = Instant.now();
                    LOG.infof("Reply notification %d sent for review %d", notification.id, notification.reviewId);
                })
                .onFailure().recoverWithItem(failure -> {
                    notification.attempts++;
                    notification.lastError = failure.getMessage() == null ? failure.toString()
                            : failure.getMessage().substring(0, Math.min(500, failure.getMessage().length()));
                    notification.nextTryAt = Instant.now().plus(Duration.ofSeconds(30L * notification.attempts));
                    LOG.warnf("Reply notification %d failed (attempt %d): %s", notification.id, notification.attempts,
                            notification.lastError);
                    return null;
                });
    }
}
