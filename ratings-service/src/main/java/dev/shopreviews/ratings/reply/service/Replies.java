package dev.shopreviews.ratings.reply.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.audit.ShopApiCode;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.ratings.config.RatingsConfig;
import dev.shopreviews.ratings.reply.repository.ReplyNotification;
import dev.shopreviews.ratings.reply.repository.ReplyNotificationRepository;
import dev.shopreviews.ratings.review.repository.ReviewRepository;
import dev.shopreviews.ratings.review.service.ReviewEvents;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * Stores a shop's reply as the review's public reply ({@code reaction}) and announces reviews.updated; with notify,
 * queues the reviewer's e-mail in the same transaction (sent by {@code ReplyNotifier}).
 */
@ApplicationScoped
public class Replies {
    public static final String NO_REPLY_ACCESS = "No access to review replies has been granted for this webshop.";
    public static final String REVIEW_NOT_FOUND = "Review not found.";

    public static final String QUOTA_REACHED =
            "Daily reply notification quota reached for this webshop; reply without notify or try again tomorrow.";

    private final ReviewRepository reviews;
    private final ReplyNotificationRepository notifications;
    private final ReviewEvents events;
    private final int dailyQuota;
    private final AuditLog audit;

    public Replies(ReviewRepository reviews, ReplyNotificationRepository notifications, ReviewEvents events,
                   RatingsConfig config, AuditLog audit) {
        this.reviews = reviews;
        this.audit = audit;
        this.notifications = notifications;
        this.events = events;
        this.dailyQuota = config.replies().dailyNotificationQuota();
    }

    /** Spec 4.8: the operator granted the webshop reply access, else 401 {@link #NO_REPLY_ACCESS}. */
    public static void checkAccess(WebshopReplica shop) {
        checkAccess(shop, 401);
    }

    /**
     * The same rule with another status for the refusal: the shop dashboard answers 403, since 401 there means
     * "signed out".
     */
    public static void checkAccess(WebshopReplica shop, int refusal) {
        if (!shop.replyAccess) {
            throw new EnvelopeException(refusal, NO_REPLY_ACCESS);
        }
    }

    /**
     * Spec 4.8 through the shop's API code: {@link #add}, audited in its transaction as the dashboard's reply is
     * (action {@code review.reply}, subject {@code review:<id>}; never the reply's text), by {@code api-code:webshop:<id>}.
     */
    @WithTransaction
    public Uni<Void> addByShop(long webshopId, ReplyRequest request) {
        return add(webshopId, request).call(() -> audit.record(new ShopApiCode(webshopId), "review.reply",
                "review:" + request.reviewId(), webshopId, null, Map.of("replied", true, "notify", request.notifyReviewer())));
    }

    @WithTransaction
    public Uni<Void> add(long webshopId, ReplyRequest request) {
        Instant now = Instant.now();
        return reviews.lockWebshop(webshopId)
                .chain(() -> request.notifyReviewer() ? withinQuota(webshopId, now) : Uni.createFrom().voidItem())
                .chain(() -> reviews.ofWebshop(webshopId, request.reviewId()))
                .chain(review -> {
                    if (review == null) {
                        return Uni.createFrom().failure(EnvelopeException.notFound(REVIEW_NOT_FOUND));
                    }
                    review.reaction = request.trimmedReply();
                    review.reactionAt = now;
                    review.modifiedAt = now;
                    Uni<Void> announced = events.updated(review);
                    return request.notifyReviewer() ? announced.chain(() -> queueNotification(review.id, review.email, now)) : announced;
                });
    }

    /** Under the webshop's lock, so two replies cannot both take the last notification of the day. */
    private Uni<Void> withinQuota(long webshopId, Instant now) {
        Instant dayStart = LocalDate.ofInstant(now, ZoneOffset.UTC).atStartOfDay(ZoneOffset.UTC).toInstant();
        return notifications.queuedSince(webshopId, dayStart)
                .invoke(queued -> {
                    if (queued >= dailyQuota) {
                        throw new EnvelopeException(429, QUOTA_REACHED);
                    }
                }).replaceWithVoid();
    }

    private Uni<Void> queueNotification(long reviewId, String email, Instant now) {
        ReplyNotification notification = new ReplyNotification();
        notification.reviewId = reviewId;
        notification.recipient = email;
        notification.createdAt = now;
        notification.nextTryAt = now;
        return notifications.persist(notification).replaceWithVoid();
    }
}
