package dev.shopreviews.invitations.shopplatform.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.invitations.invitation.mapping.LanguageCodes;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the platforms' order webhooks (their public documentation's payloads) into {@link PlatformOrder}s.
 * <ul>
 * <li>WooCommerce (Settings → Advanced → Webhooks, topic {@code order.updated} or {@code order.created}): the body is
 * the REST API's order (v3): {@code id}, {@code number}, {@code status}, {@code total}, {@code billing}
 * {first_name, last_name, email, phone}, {@code shipping.phone}, {@code line_items[]} {product_id, variation_id, name,
 * sku, image.src}, {@code meta_data[]} {key, value} (the order's language: {@code wpml_language}, which WPML and the
 * WordPress plugin set; {@code pll_language} of Polylang). Done when {@code status} is {@code completed}.</li>
 * <li>Shopify (Settings → Notifications → Webhooks, topic {@code orders/fulfilled}; {@code orders/updated} also works):
 * the REST order: {@code id}, {@code name} ("#1001"), {@code order_number}, {@code email} / {@code contact_email},
 * {@code customer} {first_name, last_name, email, phone}, {@code customer_locale}, {@code billing_address}
 * {name, phone}, {@code shipping_address.phone}, {@code total_price}, {@code line_items[]} {product_id, variant_id,
 * title, name, sku}, {@code fulfillment_status}, {@code cancelled_at}, {@code test}. Done when
 * {@code fulfillment_status} is {@code fulfilled}, not cancelled and not a test order.</li>
 * </ul>
 */
public final class PlatformOrders {
    /** The spec's limits the add applies again (InvitationRequests, OrderData); here only to stay within them. */
    private static final int MAX_PRODUCTS = 100;
    private static final int MAX_PHONES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    private PlatformOrders() {
    }

    /** What a delivery asks for. */
    public sealed interface Reading {
    }

    /** Nothing to do (another topic or status, a test order, no e-mail address): answered 200 with the reason. */
    public record Ignored(String reason) implements Reading {
    }

    /** A done order: invite its customer. */
    public record Done(PlatformOrder order) implements Reading {
    }

    public static Reading read(Platform platform, String topic, byte[] body) {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (IOException e) {
            return new Ignored("The body is not a JSON order.");
        }
        if (json == null || !json.isObject()) {
            return new Ignored("The body is not a JSON order.");
        }
        return platform == Platform.WOOCOMMERCE ? wooCommerce(topic, json) : shopify(topic, json);
    }

    static Reading wooCommerce(String topic, JsonNode order) {
        if (topic != null && !topic.startsWith("order.")) {
            return new Ignored("Topic " + topic + " is not an order topic.");
        }
        if ("order.deleted".equals(topic)) {
            return new Ignored("Topic order.deleted: nothing to invite.");
        }
        String status = text(order, "status");
        if (!"completed".equals(status)) {
            return new Ignored("Order status " + (status == null ? "(none)" : status) + ": invitations follow completed orders.");
        }
        String id = text(order, "id");
        if (id == null) {
            return new Ignored("The order has no id.");
        }
        JsonNode billing = order.path("billing");
        String email = text(billing, "email");
        if (email == null) {
            return new Ignored("The order has no billing e-mail address.");
        }
        String number = firstNonNull(text(order, "number"), id);
        Set<String> phones = new LinkedHashSet<>();
        addPhone(phones, text(billing, "phone"));
        addPhone(phones, text(order.path("shipping"), "phone"));
        Map<String, PlatformOrder.Product> products = new LinkedHashMap<>();
        for (JsonNode item : order.path("line_items")) {
            String productId = positiveId(item, "product_id");
            if (productId == null) {
                continue; // a fee, or a product deleted since
            }
            String variationId = positiveId(item, "variation_id");
            String productKey = variationId != null ? variationId : productId;
            String name = text(item, "name");
            if (name != null && products.size() < MAX_PRODUCTS) {
                products.putIfAbsent(productKey, new PlatformOrder.Product(productKey, name, null,
                        text(item.path("image"), "src"), text(item, "sku"), text(item, "global_unique_id")));
            }
        }
        return new Done(new PlatformOrder(id, number, email, name(text(billing, "first_name"), text(billing, "last_name")),
                language(metaValue(order, "wpml_language", "_wpml_language", "pll_language")), List.copyOf(phones),
                text(order, "total"), List.copyOf(products.values()), platformVersion("wc", text(order, "version"))));
    }

    static Reading shopify(String topic, JsonNode order) {
        if (topic != null && !topic.startsWith("orders/")) {
            return new Ignored("Topic " + topic + " is not an order topic.");
        }
        if ("orders/delete".equals(topic) || "orders/cancelled".equals(topic)) {
            return new Ignored("Topic " + topic + ": nothing to invite.");
        }
        if (order.path("test").asBoolean(false)) {
            return new Ignored("A test order: no invitation.");
        }
        if (!order.path("cancelled_at").isMissingNode() && !order.path("cancelled_at").isNull()) {
            return new Ignored("A cancelled order: no invitation.");
        }
        String status = text(order, "fulfillment_status");
        if (!"fulfilled".equals(status)) {
            return new Ignored("Fulfillment status " + (status == null ? "(none)" : status) + ": invitations follow fulfilled orders.");
        }
        String id = text(order, "id");
        if (id == null) {
            return new Ignored("The order has no id.");
        }
        JsonNode customer = order.path("customer");
        String email = firstNonNull(text(order, "email"), firstNonNull(text(order, "contact_email"), text(customer, "email")));
        if (email == null) {
            return new Ignored("The order has no e-mail address.");
        }
        String number = firstNonNull(text(order, "name"), firstNonNull(text(order, "order_number"), id));
        String customerName = name(text(customer, "first_name"), text(customer, "last_name"));
        if (customerName.isEmpty()) {
            customerName = firstNonNull(text(order.path("billing_address"), "name"), "");
        }
        Set<String> phones = new LinkedHashSet<>();
        addPhone(phones, text(order, "phone"));
        addPhone(phones, text(customer, "phone"));
        addPhone(phones, text(order.path("billing_address"), "phone"));
        addPhone(phones, text(order.path("shipping_address"), "phone"));
        Map<String, PlatformOrder.Product> products = new LinkedHashMap<>();
        for (JsonNode item : order.path("line_items")) {
            String productId = positiveId(item, "product_id");
            if (productId == null) {
                continue; // a custom line item
            }
            String name = firstNonNull(text(item, "title"), text(item, "name"));
            if (name != null && products.size() < MAX_PRODUCTS) {
                products.putIfAbsent(productId, new PlatformOrder.Product(productId, name, null, null, text(item, "sku"), null));
            }
        }
        return new Done(new PlatformOrder(id, number, email, customerName, language(text(order, "customer_locale")),
                List.copyOf(phones), text(order, "total_price"), List.copyOf(products.values()), null));
    }

    /**
     * The spec's add form of the order: email, order, customer_name, language, phone_numbers, order_total, order_data
     * with the products; no delay (the webshop's default delay applies), client {@code <platform>-webhook}.
     */
    public static AddInvitationForm toForm(Platform platform, PlatformOrder order) {
        AddInvitationForm form = new AddInvitationForm();
        form.email = order.email();
        form.order = order.orderNumber();
        form.customerName = order.customerName();
        form.language = order.language();
        form.phoneNumbers = order.phoneNumbers().isEmpty() ? null : order.phoneNumbers().stream().limit(MAX_PHONES).toList();
        form.orderTotal = order.orderTotal();
        form.client = platform.key() + "-webhook";
        form.platformVersion = order.platformVersion();
        if (!order.products().isEmpty()) {
            ObjectNode data = JSON.createObjectNode();
            ArrayNode products = data.putArray("products");
            for (PlatformOrder.Product product : order.products()) {
                ObjectNode p = products.addObject().put("id", product.id()).put("name", product.name());
                putIfPresent(p, "url", product.url());
                putIfPresent(p, "image_url", product.imageUrl());
                putIfPresent(p, "sku", product.sku());
                putIfPresent(p, "gtin", product.gtin());
            }
            form.orderData = data.toString();
        }
        return form;
    }

    /** A two- or three-letter tag as its ISO 639-1 code; anything else: null (the webshop's main language). */
    static String language(String tag) {
        if (tag == null) {
            return null;
        }
        return LanguageCodes.read(tag) instanceof LanguageCodes.Code code ? code.iso6391() : null;
    }

    private static String metaValue(JsonNode order, String... keys) {
        for (String key : keys) {
            for (JsonNode meta : order.path("meta_data")) {
                if (key.equals(meta.path("key").asText(null))) {
                    String value = text(meta, "value");
                    if (value != null) {
                        return value;
                    }
                }
            }
        }
        return null;
    }

    private static String platformVersion(String prefix, String version) {
        return version == null || version.length() > 50 ? null : prefix + "-" + version;
    }

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void addPhone(Set<String> phones, String phone) {
        if (phone != null && phones.size() < MAX_PHONES) {
            phones.add(phone);
        }
    }

    private static String name(String first, String last) {
        return (firstNonNull(first, "") + " " + firstNonNull(last, "")).trim();
    }

    private static String positiveId(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isIntegralNumber() && value.asLong() > 0) {
            return value.asText();
        }
        String text = value.isTextual() ? value.textValue().trim() : null;
        return text != null && text.matches("[1-9]\\d{0,30}") ? text : null;
    }

    /** A string or number field as trimmed text; null when absent, null, blank or of another type. */
    static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        if (value == null || !(value.isTextual() || value.isNumber())) {
            return null;
        }
        String text = value.asText().trim();
        return text.isEmpty() ? null : text;
    }

    private static String firstNonNull(String first, String second) {
        return first != null ? first : second;
    }
}
