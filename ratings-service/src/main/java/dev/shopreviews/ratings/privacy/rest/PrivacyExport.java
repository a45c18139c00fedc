package dev.shopreviews.ratings.privacy.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.ratings.privacy.service.ReviewerData;
import dev.shopreviews.ratings.reply.repository.ReplyNotification;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddress;

import java.util.List;
import java.util.Map;

/**
 * {@code GET /privacy/api/reviews/export}: everything ratings-service stores about the session's address (its part
 * of the privacy page's export): reviews, deleted ones too, with their products and the shop's replies, order
 * confirmations, reply notifications and the erased reviews whose address is still kept. Datetimes UTC {@code YYYY-MM-DD HH:MM:SS}, null when not set.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"status", "message", "part", "reviews", "order_confirmations", "reply_notifications", "erased_reviews"})
public record PrivacyExport(String status, String message, String part, List<ExportedReview> reviews,
                            @JsonProperty("order_confirmations") List<ExportedConfirmation> orderConfirmations,
                            @JsonProperty("reply_notifications") List<ExportedNotification> replyNotifications,
                            @JsonProperty("erased_reviews") List<ExportedErasure> erasedReviews) {

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"id", "webshop_id", "webshop_name", "origin", "invitation_id", "order_number", "name", "email",
            "country", "language", "rating", "ratings", "comment", "client_address", "verified", "held", "quarantined",
            "quarantine_reason", "read", "reaction", "reaction_at", "created_at", "modified_at", "deleted_at", "products"})
    public record ExportedReview(long id, @JsonProperty("webshop_id") long webshopId,
                                 @JsonProperty("webshop_name") String webshopName, String origin,
                                 @JsonProperty("invitation_id") Long invitationId,
                                 @JsonProperty("order_number") String orderNumber, String name, String email,
                                 String country, String language, int rating, SubRatings ratings, String comment,
                                 @JsonProperty("client_address") String clientAddress, boolean verified, boolean held,
                                 boolean quarantined, @JsonProperty("quarantine_reason") String quarantineReason,
                                 boolean read, String reaction, @JsonProperty("reaction_at") String reactionAt,
                                 @JsonProperty("created_at") String createdAt, @JsonProperty("modified_at") String modifiedAt,
                                 @JsonProperty("deleted_at") String deletedAt, List<ExportedProduct> products) {
        static ExportedReview of(Review r, String webshopName, List<ProductReview> products) {
            return new ExportedReview(r.id, r.webshopId, webshopName, r.origin, r.invitationId, r.orderNumber, r.name,
                    r.email, r.country, r.language, r.rating,
                    new SubRatings(r.shippingtime, r.customerservice, r.pricequality, r.aftersale), r.comment,
                    r.clientAddress, r.verified, r.held, r.quarantine, r.quarantineReason, r.read, r.reaction,
                    Times.datetime(r.reactionAt), Times.datetime(r.createdAt), Times.datetime(r.modifiedAt),
                    Times.datetime(r.deletedAt), products.stream().map(ExportedProduct::of).toList());
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"product_id", "name", "url", "image_url", "sku", "gtin", "rating", "text"})
    public record ExportedProduct(@JsonProperty("product_id") String productId, String name, String url,
                                  @JsonProperty("image_url") String imageUrl, String sku, String gtin, int rating,
                                  String text) {
        static ExportedProduct of(ProductReview p) {
            return new ExportedProduct(p.productId, p.name, p.url, p.imageUrl, p.sku, p.gtin, p.rating, p.text);
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webshop_id", "order_number", "email", "confirmed_at"})
    public record ExportedConfirmation(@JsonProperty("webshop_id") long webshopId,
                                       @JsonProperty("order_number") String orderNumber, String email,
                                       @JsonProperty("confirmed_at") String confirmedAt) {
        static ExportedConfirmation of(OrderConfirmation.Confirmation c) {
            return new ExportedConfirmation(c.webshopId(), c.orderNumber(), c.email(), Times.datetime(c.confirmedAt()));
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"id", "review_id", "recipient", "created_at", "sent_at", "attempts"})
    public record ExportedNotification(long id, @JsonProperty("review_id") long reviewId, String recipient,
                                       @JsonProperty("created_at") String createdAt,
                                       @JsonProperty("sent_at") String sentAt, int attempts) {
        static ExportedNotification of(ReplyNotification n) {
            return new ExportedNotification(n.id, n.reviewId, n.recipient, Times.datetime(n.createdAt),
                    Times.datetime(n.sentAt), n.attempts);
        }
    }

    /**
     * An erased review whose address is still kept, so that shops that synced it learn to delete their copy
     * (docs/privacy.md, retention table): which review, where, since when.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"review_id", "webshop_id", "email", "erased_at"})
    public record ExportedErasure(@JsonProperty("review_id") long reviewId, @JsonProperty("webshop_id") long webshopId,
                                  String email, @JsonProperty("erased_at") String erasedAt) {
        static ExportedErasure of(ErasedReviewAddress kept) {
            return new ExportedErasure(kept.reviewId, kept.webshopId, kept.email, Times.datetime(kept.erasedAt));
        }
    }

    static PrivacyExport of(ReviewerData data) {
        Map<Long, List<ProductReview>> products = data.productsByReview();
        return new PrivacyExport(Messages.SUCCESS, PrivacyReviewsResource.EXPORTED, "reviews",
                data.reviews().stream().map(r -> ExportedReview.of(r, data.webshopName(r.webshopId),
                        products.getOrDefault(r.id, List.of()))).toList(),
                data.confirmations().stream().map(ExportedConfirmation::of).toList(),
                data.notifications().stream().map(ExportedNotification::of).toList(),
                data.erasedReviews().stream().map(ExportedErasure::of).toList());
    }
}
