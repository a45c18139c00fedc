package dev.shopreviews.invitations.shopplatform.mapping;

import java.util.List;

/**
 * An order a platform's webhook announced as done (WooCommerce: status completed; Shopify: fulfilled), in the terms of
 * the spec's add: what {@link PlatformOrders#toForm} turns into the form of POST /api/1.0/invitations.json.
 * {@code platformOrderId} is the platform's own id (the order claim's key); {@code orderNumber} the number the
 * customer knows.
 */
public record PlatformOrder(String platformOrderId, String orderNumber, String email, String customerName,
                            String language, List<String> phoneNumbers, String orderTotal, List<Product> products,
                            String platformVersion) {

    /** A product of the order, for a product-review invitation (id, name, and SKU/GTIN/image where present). */
    public record Product(String id, String name, String url, String imageUrl, String sku, String gtin) {
    }
}
