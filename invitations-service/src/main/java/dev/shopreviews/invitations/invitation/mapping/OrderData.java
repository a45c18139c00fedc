package dev.shopreviews.invitations.invitation.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.links.ReviewLink;

import java.util.ArrayList;
import java.util.List;

/**
 * The order_data field of spec 4.1: a JSON object with a products array; each product needs id and name and may
 * carry url, image_url, sku and gtin. Numbers are accepted where strings are expected (plugins send numeric ids);
 * null, empty and false optional fields count as absent; a product with {@code "reviews_allowed": false} (WooCommerce)
 * is left out; OpenCart 2's product rows are read through aliases (product_id, ean, the first of image_urls). Every
 * other field of order_data (the order, customer and addresses the plugins send) is checked by the input rule only.
 */
final class OrderData {
    static final int MAX_PRODUCTS = 100;
    static final String NOT_AN_ORDER = "order_data must be a JSON object with a products array.";
    static final String PRODUCT_INCOMPLETE = "Each product in order_data needs an id and a name.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private OrderData() {
    }

    /** Null without order_data; an empty list is an ordinary invitation; otherwise the products to review. */
    static List<ReviewLink.Product> products(String orderData) {
        if (orderData == null || orderData.isBlank()) {
            return null;
        }
        JsonNode products = read(orderData).get("products");
        if (products == null || !products.isArray()) {
            throw EnvelopeException.invalid(NOT_AN_ORDER);
        }
        if (products.size() > MAX_PRODUCTS) {
            throw EnvelopeException.invalid("order_data may hold at most " + MAX_PRODUCTS + " products.");
        }
        List<ReviewLink.Product> list = new ArrayList<>();
        for (JsonNode product : products) {
            if (product.isObject() && product.path("reviews_allowed").isBoolean() && !product.get("reviews_allowed").booleanValue()) {
                continue; // WooCommerce: the shop closed reviews of this product
            }
            list.add(product(product));
        }
        return list.isEmpty() ? null : list;
    }

    private static JsonNode read(String orderData) {
        try {
            JsonNode node = JSON.readTree(orderData);
            if (node == null || !node.isObject()) {
                throw EnvelopeException.invalid(NOT_AN_ORDER);
            }
            String problem = dev.shopreviews.common.input.TextInput.jsonProblem(node);
            if (problem != null) {
                throw EnvelopeException.invalid(problem.replaceFirst("^Invalid value for ", "Invalid value for order_data."));
            }
            return node;
        } catch (java.io.IOException e) {
            throw EnvelopeException.invalid(NOT_AN_ORDER);
        }
    }

    private static ReviewLink.Product product(JsonNode product) {
        if (!product.isObject()) {
            throw EnvelopeException.invalid(PRODUCT_INCOMPLETE);
        }
        String id = firstText(product, "id", "product_id");
        String name = text(product, "name");
        if (id == null || name == null) {
            throw EnvelopeException.invalid(PRODUCT_INCOMPLETE);
        }
        String imageUrl = text(product, "image_url");
        JsonNode imageUrls = product.get("image_urls");
        if (imageUrl == null && imageUrls != null && imageUrls.isArray() && !imageUrls.isEmpty()) {
            imageUrl = valueText(imageUrls.get(0), "image_urls");
        }
        return new ReviewLink.Product(id, name, text(product, "url"), imageUrl,
                text(product, "sku"), firstText(product, "gtin", "ean"));
    }

    /** The first of the fields with a text (OpenCart 2 sends its product rows: product_id, ean, image_urls). */
    private static String firstText(JsonNode product, String field, String alias) {
        String value = text(product, field);
        return value != null ? value : text(product, alias);
    }

    /** The trimmed text of a string or number value; null when absent, blank or of another type. */
    private static String valueText(JsonNode value, String field) {
        if (value == null || !(value.isTextual() || value.isNumber())) {
            return null;
        }
        String text = value.asText().trim();
        if (text.length() > 1000) {
            throw EnvelopeException.invalid("order_data product field " + field + " is too long (at most 1000 characters).");
        }
        return text.isEmpty() ? null : text;
    }

    /** The trimmed text of a string or number field; null when absent, null, blank or of another type (false). */
    private static String text(JsonNode product, String field) {
        return valueText(product.get(field), field);
    }
}
