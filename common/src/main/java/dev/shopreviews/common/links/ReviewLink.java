package dev.shopreviews.common.links;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What the invitation e-mail's review link carries (signed by invitations-service, read by embed-service):
 * the webshop, the invitation, the order, the customer and the products to rate. {@code expiresAt} is epoch seconds.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewLink(
        long webshopId,
        long invitationId,
        String orderNumber,
        String email,
        String customerName,
        String language,
        List<Product> products,
        long expiresAt) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Product(String id, String name, String url, String imageUrl, String sku, String gtin) {
    }
}
