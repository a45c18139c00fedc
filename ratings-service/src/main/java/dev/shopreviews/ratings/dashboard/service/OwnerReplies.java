package dev.shopreviews.ratings.dashboard.service;

import dev.shopreviews.common.audit.AuditLog;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.reply.service.ReplyRequest;
import dev.shopreviews.ratings.review.repository.WebshopReplicas;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Supplier;

/**
 * An owner's reply from the dashboard: the public API's rules ({@link Replies}, spec 4.8) in its order (a webshop the
 * operator deactivated, reply access, then the body, then the review), audited as the owner in the same transaction.
 */
@ApplicationScoped
public class OwnerReplies {
    private final WebshopReplicas webshops;
    private final Replies replies;
    private final AuditLog audit;

    public OwnerReplies(WebshopReplicas webshops, Replies replies, AuditLog audit) {
        this.webshops = webshops;
        this.replies = replies;
        this.audit = audit;
    }

    /** What the audit log keeps of a reply: whether the reviewer is notified (no texts). */
    public record Replied(boolean replied, @JsonProperty("notify") boolean notifyReviewer) {
    }

    /** {@code body}: parses the request (400 envelope when invalid), called after the access check. */
    @WithTransaction
    public Uni<Void> reply(Owner owner, long webshopId, Supplier<ReplyRequest> body) {
        return webshops.findById(webshopId)
                .onItem().ifNull().failWith(() -> new EnvelopeException(404, OwnerAuth.NOT_YOURS))
                .chain(shop -> {
                    if (!shop.active) {
                        throw EnvelopeException.deactivated();
                    }
                    Replies.checkAccess(shop, 403);
                    ReplyRequest request = body.get();
                    return replies.add(webshopId, request)
                            .call(() -> audit.record(owner, "review.reply", "review:" + request.reviewId(), webshopId, null,
                                    new Replied(true, request.notifyReviewer())));
                });
    }
}
