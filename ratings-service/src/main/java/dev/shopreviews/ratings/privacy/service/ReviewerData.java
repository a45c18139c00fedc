package dev.shopreviews.ratings.privacy.service;

import dev.shopreviews.ratings.reply.repository.ReplyNotification;
import dev.shopreviews.ratings.review.repository.OrderConfirmation;
import dev.shopreviews.ratings.review.repository.ProductReview;
import dev.shopreviews.ratings.review.repository.Review;
import dev.shopreviews.ratings.privacy.repository.ErasedReviewAddress;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What this service holds about one address, as read for the privacy page (list or export). */
public record ReviewerData(List<Review> reviews, List<ProductReview> products, Map<Long, String> webshopNames,
                           List<OrderConfirmation.Confirmation> confirmations, List<ReplyNotification> notifications,
                           List<ErasedReviewAddress> erasedReviews) {

    public Map<Long, List<ProductReview>> productsByReview() {
        return products.stream().collect(Collectors.groupingBy(product -> product.reviewId));
    }

    /** The webshop's name from the replica; "" when the replica does not hold the webshop. */
    public String webshopName(long webshopId) {
        return webshopNames.getOrDefault(webshopId, "");
    }
}
