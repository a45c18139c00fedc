package dev.shopreviews.ratings.review.repository;

/** A value of one webshop (a comment hash, a client address, an order number), as the batch look-ups answer them. */
public record WebshopKey(long webshopId, String value) {
}
