package dev.shopreviews.common.events;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;
import java.util.List;

/**
 * Topics {@code reviews.created}, {@code reviews.updated}, {@code reviews.deleted} (key = webshop id).
 * {@code published} is false while a review is held or quarantined, so public read models leave it out.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewChanged(
        String eventId,
        String type,
        Instant occurredAt,
        long webshopId,
        boolean published,
        RatingItem review,
        /* The invitation the review came through (null otherwise): a used link opens this review again. Not part of
           the spec's rating item, so webhooks never send it. */
        Long invitationId,
        /* Set while the operator keeps the review hidden: the public reason, which every public output shows in
           place of the review's texts (the item's comment already carries the notice; embeds render it themselves). */
        String hiddenReason,
        /* The product reviews written with the review (an extension, not part of the rating item; webhooks never send
           them): empty when it has none, null in events written before products were announced and in deletions. */
        List<Product> products,
        /* The provider an imported review came from (review_imports.json), null for our own reviews and in events
           written before imports were announced (an extension, not part of the rating item; webhooks never send it):
           public outputs label such a review "Imported from <source>" and never as verified. */
        String importSource) implements Event {

    public static final String CREATED = "reviews.created";
    public static final String UPDATED = "reviews.updated";
    public static final String DELETED = "reviews.deleted";

    /** The event of one of our own reviews without product reviews (products null: the reader keeps what it knows of them). */
    public ReviewChanged(String eventId, String type, Instant occurredAt, long webshopId, boolean published,
                         RatingItem review, Long invitationId, String hiddenReason) {
        this(eventId, type, occurredAt, webshopId, published, review, invitationId, hiddenReason, null, null);
    }

    /** The event of one of our own reviews (importSource null). */
    public ReviewChanged(String eventId, String type, Instant occurredAt, long webshopId, boolean published,
                         RatingItem review, Long invitationId, String hiddenReason, List<Product> products) {
        this(eventId, type, occurredAt, webshopId, published, review, invitationId, hiddenReason, products, null);
    }

    /** A product's rating and text, as the shop's invitation named the product. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Product(String productId, String name, String url, String imageUrl, String sku, String gtin,
                          int rating, String text) {
    }
}
