package dev.shopreviews.invitations.shopplatform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shops connected without code (docs/api-notes.md, "Shop platforms"): WooCommerce's and Shopify's own order webhooks,
 * payloads shaped as their public documentation shows them, signed as the platforms sign (base64 HMAC-SHA256 of the
 * raw body), and the dashboard API that shows the address and the secret.
 */
@QuarkusTest
class ShopPlatformWebhooksTest {
    static final String ADDED = "Invitation successfully added to queue!";
    /** Shopify's signing secret as its admin shows it (Settings → Notifications → Webhooks). */
    static final String SHOPIFY_SECRET = "8f3b2a6c1d9e4f7a0b5c2d8e1f6a3b9c4d7e0f2a5b8c1d4e7f0a3b6c9d2e5f8a";
    private static final ObjectMapper JSON = new ObjectMapper();

    record Connected(Fixtures.Shop shop, String session, String wooSecret) {
        String url(String platform) {
            return "/api/1.0/shop_platforms/" + platform + "/" + shop.id();
        }
    }

    /** A shop whose owner made a WooCommerce secret and stored Shopify's, through the dashboard API. */
    static Connected connected() {
        Fixtures.Shop shop = Fixtures.webshop("nl", "nl,en,de");
        String session = Owners.session(shop.id());
        String wooSecret = Owners.change(session).post(Owners.base(shop.id()) + "/shop-platforms/woocommerce/secret")
                .then().statusCode(200).body("status", equalTo("success"))
                .body("platform.platform", equalTo("woocommerce")).body("platform.connected", equalTo(true))
                .body("platform.source", equalTo("generated"))
                .body("platform.url", org.hamcrest.Matchers.endsWith("/api/1.0/shop_platforms/woocommerce/" + shop.id()))
                .extract().path("platform.secret");
        assertEquals(64, wooSecret.length());
        Owners.change(session).body("{\"secret\":\"" + SHOPIFY_SECRET + "\"}")
                .put(Owners.base(shop.id()) + "/shop-platforms/shopify/secret")
                .then().statusCode(200).body("platform.source", equalTo("platform")).body("platform.secret", equalTo(SHOPIFY_SECRET));
        return new Connected(shop, session, wooSecret);
    }

    static String sign(String secret, String body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return Base64.getEncoder().encodeToString(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** A delivery as WooCommerce's WC_Webhook::deliver sends it: JSON body and its headers. */
    static RequestSpecification woo(String topic, String signature, String deliveryId) {
        RequestSpecification request = given().contentType("application/json")
                .header("User-Agent", "WooCommerce/9.3.3 Hookshot (WordPress/6.8.2)")
                .header("X-WC-Webhook-Source", "https://winkel.example/")
                .header("X-WC-Webhook-Topic", topic)
                .header("X-WC-Webhook-Resource", "order")
                .header("X-WC-Webhook-Event", topic.substring(topic.indexOf('.') + 1))
                .header("X-WC-Webhook-ID", "12")
                .header("X-WC-Webhook-Delivery-ID", deliveryId);
        return signature == null ? request : request.header("X-WC-Webhook-Signature", signature);
    }

    /** A delivery as Shopify sends it for a webhook made in its admin. */
    static RequestSpecification shopify(String topic, String signature, String webhookId) {
        RequestSpecification request = given().contentType("application/json")
                .header("X-Shopify-Topic", topic)
                .header("X-Shopify-Shop-Domain", "winkel-test.myshopify.com")
                .header("X-Shopify-API-Version", "2025-07")
                .header("X-Shopify-Webhook-Id", webhookId)
                .header("X-Shopify-Triggered-At", "2026-11-27T10:15:00.000Z");
        return signature == null ? request : request.header("X-Shopify-Hmac-Sha256", signature);
    }

    /**
     * The order of WooCommerce's REST API v3 (what an order webhook carries), shaped as its documentation's example
     * order, with WPML's order language in meta_data.
     */
    static String wooOrder(int id, String email, String status) {
        return """
                {"id":%d,"parent_id":0,"status":"%s","currency":"EUR","version":"9.3.3","prices_include_tax":true,
                 "date_created":"2026-11-20T14:03:11","date_created_gmt":"2026-11-20T13:03:11","date_modified":"2026-11-27T09:12:40",
                 "discount_total":"0.00","discount_tax":"0.00","shipping_total":"4.09","shipping_tax":"0.86","cart_tax":"5.21",
                 "total":"35.95","total_tax":"6.07","customer_id":0,"order_key":"wc_order_58d2d042d1d",
                 "billing":{"first_name":"Jan","last_name":"de Boer","company":"","address_1":"Kerkstraat 1","address_2":"",
                  "city":"Utrecht","state":"","postcode":"3511 AA","country":"NL","email":"%s","phone":"+31 30 1234567"},
                 "shipping":{"first_name":"Jan","last_name":"de Boer","company":"","address_1":"Kerkstraat 1","address_2":"",
                  "city":"Utrecht","state":"","postcode":"3511 AA","country":"NL","phone":""},
                 "payment_method":"bacs","payment_method_title":"Direct Bank Transfer","transaction_id":"",
                 "customer_ip_address":"","customer_user_agent":"","created_via":"checkout","customer_note":"",
                 "date_completed":"2026-11-27T09:12:40","date_paid":"2026-11-20T14:05:00","cart_hash":"",
                 "number":"WK-%d",
                 "meta_data":[{"id":1001,"key":"is_vat_exempt","value":"no"},{"id":1002,"key":"wpml_language","value":"de"}],
                 "line_items":[
                  {"id":315,"name":"Woo Single #1","product_id":93,"variation_id":0,"quantity":2,"tax_class":"",
                   "subtotal":"6.00","subtotal_tax":"0.45","total":"6.00","total_tax":"0.45","taxes":[{"id":75,"total":"0.45","subtotal":"0.45"}],
                   "meta_data":[],"sku":"WOO-1","price":3,"image":{"id":"94","src":"https://winkel.example/wp-content/uploads/woo-1.jpg"},
                   "parent_name":null},
                  {"id":316,"name":"Ship Your Idea &ndash; Color: Black, Size: M Test","product_id":22,"variation_id":23,"quantity":1,
                   "tax_class":"","subtotal":"12.00","subtotal_tax":"0.90","total":"12.00","total_tax":"0.90",
                   "taxes":[{"id":75,"total":"0.9","subtotal":"0.9"}],
                   "meta_data":[{"id":2095,"key":"pa_color","value":"black"},{"id":2096,"key":"size","value":"M Test"}],
                   "sku":"Blue-M-Test","price":12,"image":{"id":"","src":""},"parent_name":"Ship Your Idea"},
                  {"id":317,"name":"A deleted product","product_id":0,"variation_id":0,"quantity":1,"sku":"","price":1}],
                 "tax_lines":[{"id":318,"rate_code":"NL-BTW-1","rate_id":75,"label":"BTW","compound":false,"tax_total":"1.35",
                   "shipping_tax_total":"0.00","meta_data":[]}],
                 "shipping_lines":[{"id":319,"method_title":"Flat Rate","method_id":"flat_rate","total":"4.09","total_tax":"0.86",
                   "taxes":[],"meta_data":[]}],
                 "fee_lines":[],"coupon_lines":[],"refunds":[],"set_paid":false}
                """.formatted(id, status, email, id);
    }

    /** A Shopify REST order as its orders/fulfilled webhook carries it (the documentation's example, fulfilled). */
    static String shopifyOrder(long id, String email, boolean test) {
        return """
                {"id":%d,"admin_graphql_api_id":"gid://shopify/Order/%d","app_id":null,"browser_ip":null,
                 "buyer_accepts_marketing":true,"cancel_reason":null,"cancelled_at":null,"cart_token":null,"checkout_id":null,
                 "checkout_token":null,"closed_at":null,"confirmed":false,"contact_email":"%s","created_at":"2026-11-20T10:15:00-05:00",
                 "currency":"EUR","current_total_price":"398.00","customer_locale":"nl-NL","email":"%s",
                 "financial_status":"paid","fulfillment_status":"fulfilled","landing_site":null,"name":"#%d","note":null,
                 "number":234,"order_number":%d,"phone":null,"presentment_currency":"EUR","processed_at":"2026-11-20T10:15:00-05:00",
                 "reference":null,"source_name":"web","subtotal_price":"388.00","tags":"","test":%s,"total_price":"398.00",
                 "billing_address":{"first_name":"Bob","address1":"Chestnut Street 92","phone":"+1(502)-459-2181","city":"Louisville",
                  "zip":"40202","province":"Kentucky","country":"United States","last_name":"Norman","address2":"","company":null,
                  "latitude":null,"longitude":null,"name":"Bob Norman","country_code":"US","province_code":"KY"},
                 "customer":{"id":115310627314723954,"email":"%s","first_name":"John","last_name":"Smith","state":"disabled",
                  "note":null,"verified_email":true,"phone":null,"currency":"EUR","tags":""},
                 "line_items":[
                  {"id":866550311766439020,"admin_graphql_api_id":"gid://shopify/LineItem/866550311766439020","fulfillable_quantity":0,
                   "fulfillment_service":"manual","fulfillment_status":"fulfilled","gift_card":false,"grams":567,
                   "name":"IPod Nano - 8GB - Pink","price":"199.00","product_exists":true,"product_id":632910392,"quantity":1,
                   "requires_shipping":true,"sku":"IPOD2008PINK","taxable":true,"title":"IPod Nano - 8GB","total_discount":"0.00",
                   "variant_id":808950810,"variant_title":"Pink","vendor":null,"tax_lines":[],"discount_allocations":[]},
                  {"id":141249953214522974,"fulfillable_quantity":0,"fulfillment_status":"fulfilled","name":"IPod Nano - 8GB - Black",
                   "price":"199.00","product_exists":true,"product_id":632910392,"quantity":1,"sku":"IPOD2008BLACK",
                   "title":"IPod Nano - 8GB","variant_id":457924702,"variant_title":"Black"},
                  {"id":141249953214522975,"name":"Custom engraving","price":"10.00","product_exists":false,"product_id":null,
                   "quantity":1,"sku":null,"title":"Custom engraving","variant_id":null}],
                 "shipping_address":{"first_name":"Steve","address1":"123 Shipping Street","phone":"555-555-SHIP","city":"Shippington",
                  "zip":"40003","province":"Kentucky","country":"United States","last_name":"Shipper","name":"Steve Shipper"},
                 "shipping_lines":[{"id":271878346596884015,"code":null,"price":"10.00","source":"shopify","title":"Generic Shipping"}],
                 "fulfillments":[],"refunds":[]}
                """.formatted(id, id, email, email, id % 100000, id % 100000, test, email);
    }

    private static long invitations(Fixtures.Shop shop, String email) {
        return Db.count("select count(*) from invitation where webshop_id = ? and lower(email) = lower(?)", shop.id(), email);
    }

    private static String stored(String column, Fixtures.Shop shop, String email) {
        return Db.text("select " + column + " from invitation where webshop_id = ? and lower(email) = lower(?)", shop.id(), email);
    }

    @Test
    void aCompletedWooCommerceOrderBecomesOneInvitationHoweverOftenItIsDelivered() throws Exception {
        Connected c = connected();
        // WooCommerce's ping when the webhook is saved: form-encoded webhook_id=N, unsigned
        given().contentType("application/x-www-form-urlencoded").header("User-Agent", "WooCommerce/9.3.3 Hookshot (WordPress/6.8.2)")
                .body("webhook_id=12").post(c.url("woocommerce"))
                .then().statusCode(200).body("status", equalTo("success")).body("message", equalTo("Ping received."));
        String email = Fixtures.email();
        String processing = wooOrder(727, email, "processing");
        woo("order.updated", sign(c.wooSecret(), processing), UUID.randomUUID().toString())
                .body(processing).post(c.url("woocommerce"))
                .then().statusCode(200).body("status", equalTo("success")).body("message", startsWith("Order status processing"));
        assertEquals(0, invitations(c.shop(), email));

        String completed = wooOrder(727, email, "completed");
        String delivery = UUID.randomUUID().toString();
        String signature = sign(c.wooSecret(), completed);
        woo("order.updated", signature, delivery).body(completed).post(c.url("woocommerce"))
                .then().statusCode(200).body("status", equalTo("success")).body("message", equalTo(ADDED));
        // WooCommerce retries the same delivery (a timeout on its side), and later sends the order again
        woo("order.updated", signature, delivery).body(completed).post(c.url("woocommerce"))
                .then().statusCode(200).body("message", equalTo("This delivery was processed before."));
        woo("order.updated", signature, UUID.randomUUID().toString()).body(completed).post(c.url("woocommerce"))
                .then().statusCode(200).body("message", equalTo("This order was handled before; no second invitation."));
        assertEquals(1, invitations(c.shop(), email));

        assertEquals("WK-727", stored("order_number", c.shop(), email));
        assertEquals("Jan de Boer", stored("customer_name", c.shop(), email));
        assertEquals("de", stored("language", c.shop(), email));
        assertEquals("woocommerce-webhook", stored("client", c.shop(), email));
        assertEquals("[\"+31 30 1234567\"]", stored("phone_numbers", c.shop(), email));
        JsonNode products = JSON.readTree(stored("products", c.shop(), email));
        assertEquals(2, products.size(), products.toString());
        assertEquals("93", products.get(0).get("id").asText());
        assertEquals("WOO-1", products.get(0).get("sku").asText());
        assertTrue(products.get(0).toString().contains("https://winkel.example/wp-content/uploads/woo-1.jpg"));
        assertEquals("23", products.get(1).get("id").asText()); // the variation, as the WordPress plugin does
        assertEquals("Blue-M-Test", products.get(1).get("sku").asText());
        // the shop's default delay applied (none stored: 0)
        assertEquals("0", stored("delay_days", c.shop(), email));
    }

    /** An erasure takes the platform's claim on the order too: its order number names the customer's order. */
    @Test
    void anErasureDeletesThePlatformsClaimOnTheCustomersOrder() throws Exception {
        Connected c = connected();
        String email = Fixtures.email();
        String completed = wooOrder(731, email, "completed");
        woo("order.updated", sign(c.wooSecret(), completed), UUID.randomUUID().toString()).body(completed)
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo(ADDED));
        String claims = "select count(*) from shop_platform_order where webshop_id = ? and order_number = ?";
        assertEquals(1, Db.count(claims, c.shop().id(), "WK-731"));
        c.shop().auth().formParam("email", email).post("/api/1.0/customer_erasure.json").then().statusCode(200);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                .untilAsserted(() -> assertEquals(0, invitations(c.shop(), email)));
        assertEquals(0, Db.count(claims, c.shop().id(), "WK-731"));
    }

    @Test
    void aFulfilledShopifyOrderBecomesOneInvitationAlsoWhenDeliveredTwice() throws Exception {
        Connected c = connected();
        String email = Fixtures.email();
        long orderId = 450789469L + System.nanoTime() % 1000;
        String body = shopifyOrder(orderId, email, false);
        String signature = sign(SHOPIFY_SECRET, body);
        String webhookId = UUID.randomUUID().toString();
        shopify("orders/fulfilled", signature, webhookId).body(body).post(c.url("shopify"))
                .then().statusCode(200).body("status", equalTo("success")).body("message", equalTo(ADDED));
        shopify("orders/fulfilled", signature, webhookId).body(body).post(c.url("shopify"))
                .then().statusCode(200).body("message", equalTo("This delivery was processed before."));
        // the same order under another topic (orders/updated after the fulfillment): still one invitation
        shopify("orders/updated", signature, UUID.randomUUID().toString()).body(body).post(c.url("shopify"))
                .then().statusCode(200).body("message", equalTo("This order was handled before; no second invitation."));
        assertEquals(1, invitations(c.shop(), email));
        assertEquals("#" + orderId % 100000, stored("order_number", c.shop(), email));
        assertEquals("John Smith", stored("customer_name", c.shop(), email));
        assertEquals("nl", stored("language", c.shop(), email));
        assertEquals("shopify-webhook", stored("client", c.shop(), email));
        JsonNode products = JSON.readTree(stored("products", c.shop(), email));
        assertEquals(1, products.size(), products.toString()); // one product in two variants; the custom item has none
        assertEquals("632910392", products.get(0).get("id").asText());
        assertEquals("IPOD2008PINK", products.get(0).get("sku").asText());

        // a test order (Shopify's "Send test notification", the Bogus Gateway) is answered and ignored
        String testEmail = Fixtures.email();
        String testOrder = shopifyOrder(orderId + 1, testEmail, true);
        shopify("orders/fulfilled", sign(SHOPIFY_SECRET, testOrder), UUID.randomUUID().toString()).body(testOrder)
                .post(c.url("shopify")).then().statusCode(200).body("message", equalTo("A test order: no invitation."));
        assertEquals(0, invitations(c.shop(), testEmail));
    }

    @Test
    void aForgedOrUnsignedDeliveryGets401AndStoresNothing() throws Exception {
        Connected c = connected();
        String email = Fixtures.email();
        String order = wooOrder(800, email, "completed");
        String delivery = UUID.randomUUID().toString();
        woo("order.updated", sign("not-the-secret", order), delivery).body(order).post(c.url("woocommerce"))
                .then().statusCode(401).body("status", equalTo("error"))
                .body("message", equalTo("The webhook signature is missing or wrong."));
        woo("order.updated", null, delivery).body(order).post(c.url("woocommerce")).then().statusCode(401);
        woo("order.updated", "%%%not-base64", delivery).body(order).post(c.url("woocommerce")).then().statusCode(401);
        // signed for the body, then the body changed on the way
        woo("order.updated", sign(c.wooSecret(), order), delivery).body(order.replace("\"35.95\"", "\"0.01\""))
                .post(c.url("woocommerce")).then().statusCode(401);
        // the WooCommerce secret does not sign for Shopify, nor for another webshop
        String shopifyBody = shopifyOrder(9001, email, false);
        shopify("orders/fulfilled", sign(c.wooSecret(), shopifyBody), UUID.randomUUID().toString()).body(shopifyBody)
                .post(c.url("shopify")).then().statusCode(401);
        Fixtures.Shop other = Fixtures.webshop();
        woo("order.updated", sign(c.wooSecret(), order), delivery).body(order)
                .post("/api/1.0/shop_platforms/woocommerce/" + other.id()).then().statusCode(401);
        given().contentType("application/json").body(order).post("/api/1.0/shop_platforms/woocommerce/not-a-shop")
                .then().statusCode(401);
        assertEquals(0, invitations(c.shop(), email));
        assertEquals(0, Db.count("select count(*) from shop_platform_delivery where webshop_id = ?", c.shop().id()));
        assertEquals(0, Db.count("select count(*) from shop_platform_order where webshop_id = ?", c.shop().id()));
        // the genuine delivery afterwards is processed (the forged ones claimed nothing)
        woo("order.updated", sign(c.wooSecret(), order), delivery).body(order).post(c.url("woocommerce"))
                .then().statusCode(200).body("message", equalTo(ADDED));
        assertEquals(1, invitations(c.shop(), email));
    }

    @Test
    void otherTopicsAndOrdersWithoutAnAddressAreAnswered200AndIgnored() throws Exception {
        Connected c = connected();
        String product = "{\"id\":93,\"name\":\"Woo Single #1\",\"status\":\"publish\"}";
        woo("product.updated", sign(c.wooSecret(), product), UUID.randomUUID().toString()).body(product)
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo("Topic product.updated is not an order topic."));
        String noEmail = wooOrder(801, "", "completed");
        woo("order.updated", sign(c.wooSecret(), noEmail), UUID.randomUUID().toString()).body(noEmail)
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo("The order has no billing e-mail address."));
        // an address the spec's add refuses: answered 200 (a retry cannot help) with the add's message, nothing queued
        String bad = wooOrder(802, "not an address", "completed");
        woo("order.updated", sign(c.wooSecret(), bad), UUID.randomUUID().toString()).body(bad)
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo("No invitation: The email address is not valid."));
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ?", c.shop().id()));
    }

    @Test
    void anOrderWhoseAddressHasANonAsciiLocalPartGetsNoInvitation() throws Exception {
        Connected c = connected();
        String order = wooOrder(804, "j\u00fcrgen-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com", "completed");
        woo("order.updated", sign(c.wooSecret(), order), UUID.randomUUID().toString()).body(order.getBytes(StandardCharsets.UTF_8))
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo("No invitation: The email address is not valid."));
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ?", c.shop().id()));
    }

    @Test
    void theDashboardShowsMakesAndReplacesTheSecretsOnlyForTheOwner() throws Exception {
        Connected c = connected();
        String base = Owners.base(c.shop().id()) + "/shop-platforms";
        Response list = Owners.read(c.session()).get(base);
        list.then().statusCode(200).body("platforms.platform", equalTo(java.util.List.of("woocommerce", "shopify")))
                .body("platforms[0].secret", equalTo(c.wooSecret())).body("platforms[1].secret", equalTo(SHOPIFY_SECRET));
        // a new secret: deliveries signed with the old one are refused
        String fresh = Owners.change(c.session()).post(base + "/woocommerce/secret").then().statusCode(200)
                .extract().path("platform.secret");
        assertNotEquals(c.wooSecret(), fresh);
        String email = Fixtures.email();
        String order = wooOrder(803, email, "completed");
        woo("order.updated", sign(c.wooSecret(), order), UUID.randomUUID().toString()).body(order)
                .post(c.url("woocommerce")).then().statusCode(401);
        woo("order.updated", sign(fresh, order), UUID.randomUUID().toString()).body(order)
                .post(c.url("woocommerce")).then().statusCode(200).body("message", equalTo(ADDED));
        // stored encrypted
        String stored = Db.text("select secret_encrypted from shop_platform_connection where webshop_id = ? and platform = 'woocommerce'",
                c.shop().id());
        assertTrue(stored.startsWith("v1:") && !stored.contains(fresh));
        // rules: the change header, the secret's form, the platform, the owner
        given().cookie("sr_owner", c.session()).post(base + "/woocommerce/secret").then().statusCode(403);
        Owners.change(c.session()).body("{\"secret\":\"short\"}").put(base + "/shopify/secret").then().statusCode(400)
                .body("message", equalTo("secret must be one line of 16 to 200 characters without spaces or control characters."));
        Owners.change(c.session()).body("[]").put(base + "/shopify/secret").then().statusCode(400);
        Owners.change(c.session()).post(base + "/magento/secret").then().statusCode(404);
        String stranger = Owners.session(Fixtures.webshop().id());
        Owners.read(stranger).get(base).then().statusCode(404);
        Owners.change(stranger).post(base + "/woocommerce/secret").then().statusCode(404);
        given().get(base).then().statusCode(401);
        // disconnecting: deliveries get 401
        Owners.change(c.session()).delete(base + "/shopify").then().statusCode(200).body("platform.connected", equalTo(false));
        String body = shopifyOrder(9002, Fixtures.email(), false);
        shopify("orders/fulfilled", sign(SHOPIFY_SECRET, body), UUID.randomUUID().toString()).body(body)
                .post(c.url("shopify")).then().statusCode(401);
        // audited, never with the secret: generate, set, generate again, disconnect
        assertEquals(4, Db.count("select count(*) from audit_entry where webshop_id = ? and action = 'invitation.shop_platform'",
                c.shop().id()));
        assertEquals(0, Db.count("select count(*) from audit_entry where webshop_id = ? and (coalesce(\"after\", '') like ?"
                + " or coalesce(\"after\", '') like ?)", c.shop().id(), "%" + fresh + "%", "%" + SHOPIFY_SECRET + "%"));
    }
}
