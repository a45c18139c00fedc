package dev.shopreviews.invitations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The public shop plugins against spec 4.1 and 4.7 unchanged (docs/api-notes.md, "What real clients send"): each
 * request is the raw body the client sends, built as PHP's http_build_query writes it ({@link PhpForm}), and each
 * test reads the stored invitation.
 */
@QuarkusTest
class RealClientsTest {
    static final String ADDED = "Invitation successfully added to queue!";
    static final String ALREADY = "Invitation already sent for this order.";
    static final String LIMIT = "No invitation queued: this e-mail address already has the maximum number of invitations for this webshop (max_invitations_per_email).";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The WordPress plugin's $data (common/src/WooCommerce.php, sendInvite), in its order, for one order. */
    private static PhpForm wordpress(String order, String email, String language, List<String> phones, String orderData) {
        return new PhpForm()
                .put("order", order)
                .put("email", email)
                .put("delay", 3)
                .put("language", language)
                .put("client", "wordpress")
                .put("customer_name", "Anna de Vries")
                .put("phone_numbers", phones)
                .put("order_total", "129.95")
                .put("plugin_version", "3.38")
                .put("platform_version", "wp-6.8.2-wc-9.3.3")
                .put("order_data", orderData);
    }

    private static Response post(Fixtures.Shop shop, String body) {
        // as Requests (the WordPress plugin's HTTP library) sends a form; the body is ASCII, as http_build_query writes it
        assertTrue(StandardCharsets.US_ASCII.newEncoder().canEncode(body), "http_build_query writes ASCII only");
        return given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .body(body)
                .post("/api/1.0/invitations.json");
    }

    private static String success(Fixtures.Shop shop, String body) {
        return post(shop, body).then().statusCode(200).body("status", equalTo("success")).extract().path("message");
    }

    private static String stored(String column, Fixtures.Shop shop, String email) {
        return Db.text("select " + column + " from invitation where webshop_id = ? and lower(email) = lower(?) order by id desc limit 1",
                shop.id(), email);
    }

    private static long count(Fixtures.Shop shop, String email) {
        return Db.count("select count(*) from invitation where webshop_id = ? and lower(email) = lower(?)", shop.id(), email);
    }

    @Test
    void theWordPressPluginsRequestForAWooCommerceOrderOfTwentyLinesIsStoredWithEveryField() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("nl", "nl,en,pt");
        String email = Fixtures.email();
        String orderData = WooCommerceOrders.orderData(5123, email, 20);
        String body = wordpress("5123", email, "pt-br", List.of("+31 6 12345678", "+31 20 1234567"), orderData).build();
        assertTrue(body.contains("phone_numbers%5B0%5D=%2B31+6+12345678&phone_numbers%5B1%5D=%2B31+20+1234567"), body.substring(0, 300));
        assertTrue(body.length() > 20_000 && body.length() < 1_000_000, "body of " + body.length() + " bytes");

        assertEquals(ADDED, success(shop, body));
        assertEquals("pt", stored("language", shop, email));
        assertEquals("5123", stored("order_number", shop, email));
        assertEquals("Anna de Vries", stored("customer_name", shop, email));
        assertEquals(3, Integer.parseInt(stored("delay_days", shop, email)));
        assertEquals("[\"+31 6 12345678\",\"+31 20 1234567\"]", stored("phone_numbers", shop, email));
        assertEquals(0, new java.math.BigDecimal("129.95").compareTo(new java.math.BigDecimal(stored("order_total", shop, email))));
        assertEquals("wordpress", stored("client", shop, email));
        assertEquals("3.38", stored("plugin_version", shop, email));
        assertEquals("wp-6.8.2-wc-9.3.3", stored("platform_version", shop, email));
        JsonNode products = JSON.readTree(stored("products", shop, email));
        assertEquals(20, products.size());
        assertEquals("410", products.get(0).get("id").asText());
        assertTrue(products.get(0).path("sku").isNull() || products.get(0).path("sku").isMissingNode(), products.get(0).toString());
        assertTrue(products.get(0).path("gtin").isNull() || products.get(0).path("gtin").isMissingNode());
        assertEquals("GK-SAN-2", products.get(1).get("sku").asText());
        assertEquals("8712345000001", products.get(1).get("gtin").asText());
        assertTrue(products.get(1).toString().contains("geurkaars-2-300x300.jpg"));

        // the plugin sends it again when the order reaches "completed" a second time: the spec's answer, one row
        assertEquals(ALREADY, success(shop, body));
        assertEquals(1, count(shop, email));
    }

    @Test
    void aCustomerWithoutPhonesNameOrLanguageIsInvitedInTheShopsLanguage() {
        Fixtures.Shop shop = Fixtures.webshop("nl", "nl,en");
        String email = Fixtures.email();
        // no phones: http_build_query leaves the empty list out; " " is the name of empty first and last names
        String body = wordpress("77", email, "", List.of(), null).put("customer_name", " ").put("plugin_version", null).build();
        assertTrue(body.contains("&language=&") && !body.contains("phone_numbers") && !body.contains("plugin_version"), body);
        assertEquals(ADDED, success(shop, body));
        assertEquals("nl", stored("language", shop, email));
        assertEquals("", stored("customer_name", shop, email));
        assertNull(stored("phone_numbers", shop, email));
    }

    @Test
    void indexedPhoneNumbersAreReadInIndexOrderWhateverTheIndicesAndTheOtherFormsStillWork() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        // PrestaShop's array_unique(array_filter(…)) keeps the original keys, so gaps, in any order
        String body = "email=" + PhpForm.urlencode(email) + "&order=G-1&phone_numbers%5B3%5D=%2B31+30+3333333"
                + "&phone_numbers%5B1%5D=%2B31+10+1111111&phone_numbers%5B12%5D=%2B31+70+1212121";
        assertEquals(ADDED, success(shop, body));
        assertEquals("[\"+31 10 1111111\",\"+31 30 3333333\",\"+31 70 1212121\"]", stored("phone_numbers", shop, email));

        String bracketed = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(bracketed)
                + "&phone_numbers%5B%5D=%2B31+1&phone_numbers%5B%5D=%2B31+2"));
        assertEquals("[\"+31 1\",\"+31 2\"]", stored("phone_numbers", shop, bracketed));
        String plain = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(plain) + "&phone_numbers=%2B31+3"));
        assertEquals("[\"+31 3\"]", stored("phone_numbers", shop, plain));
        // OpenCart 2 names the field phones
        String opencart = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(opencart) + "&phones%5B0%5D=%2B31+4"));
        assertEquals("[\"+31 4\"]", stored("phone_numbers", shop, opencart));
        // the rule of at most 10 numbers counts every form together
        StringBuilder eleven = new StringBuilder("email=" + PhpForm.urlencode(Fixtures.email()));
        for (int i = 0; i < 11; i++) {
            eleven.append("&phone_numbers%5B").append(i).append("%5D=").append(100 + i);
        }
        post(shop, eleven.toString()).then().statusCode(400).body("status", equalTo("error"))
                .body("message", equalTo("phone_numbers may hold at most 10 numbers."));
    }

    @Test
    void aPhoneNumberListThatPhpPostedAsTheTextArrayIsLeftOutAndTheInvitationGoesAhead() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        // PrestaShop's module posts a multipart form; curl writes its nested phone_numbers array as the text "Array"
        given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .multiPart("email", email).multiPart("order", "PS-1").multiPart("phone_numbers", "Array")
                .post("/api/1.0/invitations.json").then().statusCode(200).body("message", equalTo(ADDED));
        assertEquals(null, stored("phone_numbers", shop, email));
        String withOne = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(withOne) + "&phone_numbers%5B0%5D=Array"
                + "&phone_numbers%5B1%5D=%2B31+6+12345678"));
        assertEquals("[\"+31 6 12345678\"]", stored("phone_numbers", shop, withOne));
    }

    @Test
    void languageTagsOfTheClientsAreReadAsTheirTwoLetterCode() {
        Fixtures.Shop shop = Fixtures.webshop("de", "de,en");
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("pt-br", "pt");      // WPML
        expected.put("zh-hans", "zh");    // WPML, a script subtag
        expected.put("en_US", "en");      // WordPress locale
        expected.put("nl_nl", "nl");      // PrestaShop, OpenCart ('-' replaced by '_')
        expected.put("de-DE", "de");      // Shopware locale
        expected.put("nld", "nl");        // Magento 2, ISO 639-2/T
        expected.put("eng", "en");
        expected.put("fre", "fr");        // ISO 639-2/B
        expected.put("FR", "fr");
        expected.put("fil", "de");        // a three-letter code without a two-letter one: the shop's language
        expected.put("cus", "de");        // what Magento 2 sends when it found no customer language
        expected.put("", "de");
        for (Map.Entry<String, String> tag : expected.entrySet()) {
            String email = Fixtures.email();
            assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(email) + "&language=" + PhpForm.urlencode(tag.getKey())),
                    tag.getKey());
            assertEquals(tag.getValue(), stored("language", shop, email), tag.getKey());
        }
        for (String garbage : List.of("english", "e", "12", "nl-", "de--de", "x_y_z_w_v_u_t_s_r_q_p", "n1")) {
            String email = Fixtures.email();
            post(shop, "email=" + PhpForm.urlencode(email) + "&language=" + PhpForm.urlencode(garbage)).then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("language must be an ISO-639-1 code of two letters."));
            assertEquals(0, count(shop, email), garbage);
        }
    }

    @Test
    void maxInvitationsPerEmailOfOneInvitesOnlyTheFirstOrderOfAnAddress() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String first = wordpress("1001", email, "nl", List.of(), null).put("max_invitations_per_email", 1).build();
        assertTrue(first.endsWith("&max_invitations_per_email=1"), first);
        assertEquals(ADDED, success(shop, first));
        // the next order of the same customer (any case of the address): success, a clear message, nothing queued
        String second = wordpress("1002", email.toUpperCase(), "nl", List.of(), null).put("max_invitations_per_email", 1).build();
        assertEquals(LIMIT, success(shop, second));
        assertEquals(1, count(shop, email));
        // the first order again: the spec's answer
        assertEquals(ALREADY, success(shop, first));
        // without the field the shop may invite the address again, as before
        assertEquals(ADDED, success(shop, wordpress("1003", email, "nl", List.of(), null).build()));
        assertEquals(2, count(shop, email));
        // a limit of 3 admits one more, then no more
        assertEquals(ADDED, success(shop, wordpress("1004", email, "nl", List.of(), null).put("max_invitations_per_email", 3).build()));
        assertEquals(LIMIT, success(shop, wordpress("1005", email, "nl", List.of(), null).put("max_invitations_per_email", 3).build()));
        assertEquals(3, count(shop, email));
        // per webshop: another shop invites the same address
        Fixtures.Shop other = Fixtures.webshop();
        assertEquals(ADDED, success(other, second));
        // invitations without an order number count too
        String noOrder = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(noOrder)));
        assertEquals(LIMIT, success(shop, "email=" + PhpForm.urlencode(noOrder) + "&max_invitations_per_email=1"));
    }

    @Test
    void theLimitAlsoComesInTheQueryOrAsMagentosNoremailAndInvalidValuesAre400() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(email) + "&order=Q-1"));
        // OpenCart 2 puts it in the query string
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("max_invitations_per_email", "1")
                .contentType("application/x-www-form-urlencoded").body("email=" + PhpForm.urlencode(email) + "&order=Q-2")
                .post("/api/1.0/invitations.json").then().statusCode(200).body("message", equalTo(LIMIT));
        // Magento 2: noremail=1 is a limit of 1, noremail=0 none
        assertEquals(LIMIT, success(shop, "email=" + PhpForm.urlencode(email) + "&order=Q-3&noremail=1"));
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(email) + "&order=Q-4&noremail=0"));
        assertEquals(2, count(shop, email));
        for (String invalid : List.of("-1", "abc", "1.5", "1001")) {
            String fresh = Fixtures.email();
            post(shop, "email=" + PhpForm.urlencode(fresh) + "&max_invitations_per_email=" + invalid).then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("max_invitations_per_email must be a whole number from 0 (no limit) to 1000."));
            assertEquals(0, count(shop, fresh), invalid);
        }
        post(shop, "email=" + PhpForm.urlencode(Fixtures.email()) + "&noremail=yes").then().statusCode(400)
                .body("message", equalTo("noremail must be 0 or 1."));
        // blank is absent; 0 is no limit (the PHP library sends 0 when its caller set none)
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(Fixtures.email()) + "&max_invitations_per_email="));
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(email) + "&order=Q-5&max_invitations_per_email=0"));
        assertEquals(3, count(shop, email));
    }

    @Test
    void concurrentLimitedAddsOfOneAddressQueueOnlyAsManyAsTheLimit() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        List<java.util.concurrent.CompletableFuture<String>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String body = "email=" + PhpForm.urlencode(email) + "&order=C-" + i + "&max_invitations_per_email=2";
            answers.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> success(shop, body)));
        }
        long added = 0;
        for (var answer : answers) {
            added += answer.get().equals(ADDED) ? 1 : 0;
        }
        assertEquals(2, added);
        assertEquals(2, count(shop, email));
    }

    @Test
    void otherPluginsShapesAreAcceptedPrestaShopTotalsOpenCartProductRowsWooCommerceClosedReviews() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        // PrestaShop: total_paid with 6 decimals, rounded to the stored 4
        String presta = Fixtures.email();
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(presta) + "&order=7&order_total=12.500000&language=en_us"));
        assertEquals(0, new java.math.BigDecimal("12.5").compareTo(new java.math.BigDecimal(stored("order_total", shop, presta))));
        post(shop, "email=" + PhpForm.urlencode(Fixtures.email()) + "&order_total=12,50").then().statusCode(400);
        // OpenCart 2: products are its database rows (product_id, ean, image_urls)
        String opencart = Fixtures.email();
        String rows = "{\"order\":{\"order_id\":\"8\"},\"products\":[{\"product_id\":\"42\",\"name\":\"Kettle\",\"sku\":\"K-42\","
                + "\"ean\":\"4006381333931\",\"image_urls\":[\"https://oc.example/image/kettle.jpg\",\"https://oc.example/image/k2.jpg\"]}]}";
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(opencart) + "&order=8&order_data=" + PhpForm.urlencode(rows)));
        JsonNode product = JSON.readTree(stored("products", shop, opencart)).get(0);
        assertEquals("42", product.get("id").asText());
        assertEquals("4006381333931", product.get("gtin").asText());
        assertTrue(product.toString().contains("https://oc.example/image/kettle.jpg"));
        // WooCommerce: a product whose reviews the shop closed is not asked about
        String closed = Fixtures.email();
        String mixed = "{\"products\":[{\"id\":1,\"name\":\"Open\",\"url\":\"https://w.example/1\",\"image_url\":null,\"sku\":\"\","
                + "\"gtin\":null,\"reviews_allowed\":true},{\"id\":2,\"name\":\"Closed\",\"url\":\"https://w.example/2\","
                + "\"image_url\":null,\"sku\":\"\",\"gtin\":false,\"reviews_allowed\":false}]}";
        assertEquals(ADDED, success(shop, "email=" + PhpForm.urlencode(closed) + "&order=9&order_data=" + PhpForm.urlencode(mixed)));
        JsonNode products = JSON.readTree(stored("products", shop, closed));
        assertEquals(1, products.size());
        assertEquals("1", products.get(0).get("id").asText());
    }

    @Test
    void orderPermissionsAnswersThePluginsQueryWithHasConsent() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = "#" + Fixtures.order(); // a custom order number plugin's prefix, encoded by http_build_query
        String query = "orderNumber=" + PhpForm.urlencode(order) + "&id=" + shop.id() + "&code=" + shop.code();
        given().urlEncodingEnabled(false).get("/api/2.0/order_permissions.json?" + query).then().statusCode(200)
                .body("status", equalTo("success")).body("has_consent", equalTo(false));
        Fixtures.consent(shop, order, dev.shopreviews.common.events.ConsentRecorded.CHOICE_ASK_LATER, 2);
        Fixtures.awaitConsent(shop, order);
        given().urlEncodingEnabled(false).get("/api/2.0/order_permissions.json?" + query).then().statusCode(200)
                .body("has_consent", equalTo(true));
    }
}
