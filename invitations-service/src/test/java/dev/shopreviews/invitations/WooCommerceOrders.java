package dev.shopreviews.invitations;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * order_data as the WordPress plugin builds it (common/src/WooCommerce.php: json_encode of {order: WC_Order::get_data(),
 * customer: WC_Customer::get_data(), products: […], invoice_address, delivery_address}) for an order of
 * {@code lineItems} lines: the order's fields, dates as WC_DateTime encodes them, line items keyed by their item id
 * (so an object), each with taxes and meta data, products with integer ids, null image and GTIN, an empty SKU.
 */
final class WooCommerceOrders {
    private static final ObjectMapper JSON = new ObjectMapper();

    private WooCommerceOrders() {
    }

    static String orderData(int orderId, String email, int lineItems) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode order = root.putObject("order");
        order.put("id", orderId).put("parent_id", 0).put("status", "completed").put("currency", "EUR")
                .put("version", "9.3.3").put("prices_include_tax", true);
        date(order.putObject("date_created"), "2026-11-20 14:03:11.000000");
        date(order.putObject("date_modified"), "2026-11-21 09:12:40.000000");
        order.put("discount_total", "0").put("discount_tax", "0").put("shipping_total", "4.95").put("shipping_tax", "1.04")
                .put("cart_tax", "21.69").put("total", "129.95").put("total_tax", "22.73").put("customer_id", 17)
                .put("order_key", "wc_order_q8Zt1XbYk3mPa");
        address(order.putObject("billing"), email, true);
        address(order.putObject("shipping"), "", false);
        order.put("payment_method", "mollie_wc_gateway_ideal").put("payment_method_title", "iDEAL")
                .put("transaction_id", "tr_WDqYK6vllg").put("customer_ip_address", "2a02:a44f:1c0d:0:8d3e:4a1b:9c2f:71e0")
                .put("customer_user_agent", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")
                .put("created_via", "checkout").put("customer_note", "Graag bij de buren afgeven\nals ik er niet ben.");
        date(order.putObject("date_completed"), "2026-11-21 09:12:40.000000");
        date(order.putObject("date_paid"), "2026-11-20 14:03:55.000000");
        order.put("cart_hash", "8f7a0c1d3e5b7a9c1e3f5a7b9c1d3e5f").put("order_stock_reduced", true)
                .put("download_permissions_granted", true).put("new_order_email_sent", true).put("recorded_sales", true)
                .put("recorded_coupon_usage_counts", true).put("number", String.valueOf(orderId));
        ArrayNode orderMeta = order.putArray("meta_data");
        for (int m = 0; m < 12; m++) {
            orderMeta.addObject().put("id", 9000 + m).put("key", "_mollie_meta_" + m)
                    .put("value", "a:2:{s:6:\"status\";s:4:\"paid\";s:7:\"payload\";s:40:\"" + "x".repeat(40) + "\";}");
        }
        orderMeta.addObject().put("id", 9100).put("key", "wpml_language").put("value", "nl");
        ObjectNode items = order.putObject("line_items");
        ArrayNode products = root.putArray("products");
        for (int i = 0; i < lineItems; i++) {
            int itemId = 3000 + i * 7;
            int productId = 410 + i;
            ObjectNode item = items.putObject(String.valueOf(itemId));
            item.put("id", itemId).put("order_id", orderId).put("name", "Geurkaars Sandelhout " + (i + 1) + " - 250 g")
                    .put("product_id", productId).put("variation_id", i % 3 == 0 ? 0 : productId + 1000).put("quantity", 1 + i % 2)
                    .put("tax_class", "").put("subtotal", "8.26").put("subtotal_tax", "1.74").put("total", "8.26")
                    .put("total_tax", "1.74");
            ObjectNode taxes = item.putObject("taxes");
            taxes.putObject("subtotal").put("1", "1.735537");
            taxes.putObject("total").put("1", "1.735537");
            ArrayNode meta = item.putArray("meta_data");
            meta.addObject().put("id", 20000 + i * 3).put("key", "pa_geur").put("value", "sandelhout");
            meta.addObject().put("id", 20001 + i * 3).put("key", "pa_gewicht").put("value", "250-g");
            meta.addObject().put("id", 20002 + i * 3).put("key", "_reduced_stock").put("value", "1");
            ObjectNode product = products.addObject();
            product.put("id", productId).put("name", "Geurkaars Sandelhout " + (i + 1))
                    .put("url", "https://winkel.example/product/geurkaars-sandelhout-" + (i + 1) + "/");
            if (i % 2 == 0) {
                product.putNull("image_url");
            } else {
                product.put("image_url", "https://winkel.example/wp-content/uploads/2026/10/geurkaars-" + (i + 1) + "-300x300.jpg");
            }
            product.put("sku", i % 4 == 0 ? "" : "GK-SAN-" + (i + 1));
            if (i % 3 == 0) {
                product.putNull("gtin");
            } else {
                product.put("gtin", String.valueOf(8712345000000L + i));
            }
            product.put("reviews_allowed", true);
        }
        order.putObject("tax_lines").putObject("3990").put("id", 3990).put("rate_code", "NL-BTW-1").put("rate_id", 1)
                .put("label", "BTW").put("compound", false).put("tax_total", "21.69").put("shipping_tax_total", "1.04");
        order.putObject("shipping_lines").putObject("3991").put("id", 3991).put("method_title", "PostNL")
                .put("method_id", "flat_rate").put("instance_id", "2").put("total", "4.95").put("total_tax", "1.04");
        order.putArray("fee_lines");
        order.putArray("coupon_lines");
        ObjectNode customer = root.putObject("customer");
        customer.put("id", 17).put("email", email).put("first_name", "Anna").put("last_name", "de Vries").put("role", "customer")
                .put("username", "anna.devries").put("is_paying_customer", true);
        date(customer.putObject("date_created"), "2025-03-02 10:00:00.000000");
        address(customer.putObject("billing"), email, true);
        address(customer.putObject("shipping"), "", false);
        customer.putArray("meta_data");
        address(root.putObject("invoice_address"), email, true);
        address(root.putObject("delivery_address"), "", false);
        return root.toString();
    }

    private static void date(ObjectNode date, String value) {
        date.put("date", value).put("timezone_type", 3).put("timezone", "Europe/Amsterdam");
    }

    private static void address(ObjectNode address, String email, boolean billing) {
        address.put("first_name", "Anna").put("last_name", "de Vries").put("company", "").put("address_1", "Lange Voorhout 12")
                .put("address_2", "").put("city", "Den Haag").put("state", "").put("postcode", "2514 ED").put("country", "NL");
        if (billing) {
            address.put("email", email);
        }
        address.put("phone", billing ? "+31 6 12345678" : "");
    }
}
