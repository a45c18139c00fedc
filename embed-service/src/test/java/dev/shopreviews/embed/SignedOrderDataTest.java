package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Signed order data (docs/api-notes.md, "Signed order data"): the signature the shop plugins compute with PHP's
 * {@code hash_hmac('sha512', http_build_query($data), "$id:$key")} binds the consent and its review to the order
 * ({@code orders.confirmed} with the consent); a tampered field or a wrong key is refused and nothing is recorded.
 */
@QuarkusTest
class SignedOrderDataTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String REVIEW = """
            {"rating":5,"ratings":{"shippingtime":5,"customerservice":4,"pricequality":4,"aftersale":3},
             "comment":"Signed and sealed","name":"Zoë","email":"jan+test@example.com"}""";

    /**
     * This test's own PHP signature, written independently of embed-service's: Java's form encoding is PHP's urlencode
     * except that PHP encodes '*' too. Checked against real PHP output in {@link #theTestsSignatureIsWhatPhpComputes()}.
     */
    static String php(long webshopId, String code, ObjectNode data) throws Exception {
        StringBuilder query = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getValue().isNull()) {
                continue;
            }
            query.append(query.isEmpty() ? "" : "&").append(enc(field.getKey())).append('=').append(enc(field.getValue().asText()));
        }
        Mac mac = Mac.getInstance("HmacSHA512");
        mac.init(new SecretKeySpec((webshopId + ":" + code).getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
        return HexFormat.of().formatHex(mac.doFinal(query.toString().getBytes(StandardCharsets.UTF_8)));
    }

    private static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("*", "%2A");
    }

    @Test
    void theTestsSignatureIsWhatPhpComputes() throws Exception {
        // php -r: $d = [...]; echo hash_hmac('sha512', http_build_query($d), "1234:Secret-Code_42");  (PHP 8)
        ObjectNode first = (ObjectNode) MAPPER.readTree("""
                {"webshopId":"1234","orderNumber":"WC-1001","email":"jan+test@example.com","firstName":"Zoë 'Jan' \\"J\\" <b>&~ x/y","inviteDelay":7}""");
        assertEquals("d6c84f272f90f6dd90e3a6386a2ee2ceb2afcc14beb9c27b44404718c6f298cfe49ece8d098bb4e758df2c96c8381a36956cb2857e2ad20ed9cd4068aeecc5a4",
                php(1234, "Secret-Code_42", first));
        // null is left out by http_build_query, an empty string is not
        ObjectNode second = (ObjectNode) MAPPER.readTree("""
                {"webshopId":"1234","orderNumber":"#10 0","email":null,"firstName":"","inviteDelay":0}""");
        assertEquals("9b00f5a4d9717ff651b91909f416c8468a8ba74e11f80d553755eea84683086ffb2ab8074e5a71b18424595f27190987f4f2efb1ad7ba7eee97eb3726699a7fa",
                php(1234, "abc", second));
    }

    private static ObjectNode orderData(Fixtures.Shop shop, String order) throws Exception {
        // as WooCommerce prints it: webshopId a string, inviteDelay an int, these five fields in this order
        return (ObjectNode) MAPPER.readTree("""
                {"webshopId":"%d","orderNumber":"%s","email":"jan+test@example.com","firstName":"Zoë 'Jan' \\"J\\" <b>&~ x/y","inviteDelay":7}"""
                .formatted(shop.id(), order));
    }

    private static String body(String order, String signature, ObjectNode signed) throws Exception {
        return """
                {"order_number":"%s","email":"jan+test@example.com","first_name":"Zoë 'Jan' \\"J\\" <b>&~ x/y","invite_delay":7,
                 "choice":"review_written","language":"nl","review":%s,"signature":%s,"order_data":%s}"""
                .formatted(order, REVIEW, MAPPER.writeValueAsString(signature), MAPPER.writeValueAsString(signed));
    }

    private static List<ConsumerRecord<String, String>> on(String topic, String text, Duration wait) {
        return KafkaTestClient.await(topic, r -> r.value() != null && r.value().contains(text), 1, wait);
    }

    @Test
    void aValidSignatureRecordsTheConsentAndConfirmsTheOrderSoItsReviewIsVerified() throws Exception {
        String code = "Code-" + UUID.randomUUID();
        Fixtures.Shop shop = Fixtures.webshopWithCode("signed.example", code);
        String order = "S-" + UUID.randomUUID();
        ObjectNode signed = orderData(shop, order);
        given().contentType(ContentType.JSON).header("Origin", "https://signed.example").body(body(order, php(shop.id(), code, signed), signed))
                .post("/embed/" + shop.id() + "/consent").then().statusCode(200).body("status", equalTo("success"));
        ConsumerRecord<String, String> consent = on(Topics.CONSENTS_RECORDED.name(), order, Duration.ofSeconds(30)).get(0);
        assertTrue(consent.value().contains("\"choice\":\"review_written\""), consent.value());
        ConsumerRecord<String, String> confirmed = on(Topics.ORDERS_CONFIRMED.name(), order, Duration.ofSeconds(30)).get(0);
        JsonNode event = MAPPER.readTree(confirmed.value());
        assertEquals(String.valueOf(shop.id()), confirmed.key());
        assertEquals(shop.id(), event.get("webshop_id").asLong());
        assertEquals(order, event.get("order_number").asText());
        assertEquals("jan+test@example.com", event.get("email").asText(), "confirmed for the signed address, the review's");
        ConsumerRecord<String, String> review = on(Topics.REVIEWS_SUBMITTED.name(), order, Duration.ofSeconds(30)).get(0);
        assertTrue(review.value().contains("\"origin\":\"popup\"") && review.value().contains("\"email\":\"jan+test@example.com\""), review.value());
        assertFalse(consent.value().contains(code) || confirmed.value().contains(code) || review.value().contains(code),
                "the API code is in no event");
    }

    @Test
    void aTamperedFieldAWrongKeyOrAConsentOfAnotherOrderIsRefusedAndNothingIsRecorded() throws Exception {
        String code = "Code-" + UUID.randomUUID();
        Fixtures.Shop shop = Fixtures.webshopWithCode("tampered.example", code);
        String id = UUID.randomUUID().toString();
        // 1. the order number changed after signing (in the element and in the consent alike)
        ObjectNode original = orderData(shop, "T1-" + id);
        String signature = php(shop.id(), code, original);
        ObjectNode tampered = orderData(shop, "T1X-" + id);
        // 2. signed with another key
        ObjectNode other = orderData(shop, "T2-" + id);
        // 3. a valid signature of one order sent with the consent of another
        ObjectNode third = orderData(shop, "T3-" + id);
        // 4. the signed e-mail address changed (the review would be confirmed for another address)
        ObjectNode mail = orderData(shop, "T4-" + id);
        String mailSignature = php(shop.id(), code, mail);
        mail.put("email", "mallory@example.com");
        for (String[] attempt : new String[][]{
                {"T1X-" + id, signature, tampered.toString()},
                {"T2-" + id, php(shop.id(), "wrong-" + code, other), other.toString()},
                {"T3X-" + id, php(shop.id(), code, third), third.toString()},
                {"T4-" + id, mailSignature, mail.toString()},
                {"T5-" + id, "not a signature", orderData(shop, "T5-" + id).toString()}}) {
            given().contentType(ContentType.JSON).header("Origin", "https://tampered.example")
                    .body(body(attempt[0], attempt[1], (ObjectNode) MAPPER.readTree(attempt[2])))
                    .post("/embed/" + shop.id() + "/consent").then().statusCode(403)
                    .body("status", equalTo("error")).body("message", equalTo("The order data's signature is not valid."))
                    .header("Access-Control-Allow-Origin", "https://tampered.example");
        }
        for (String topic : List.of(Topics.CONSENTS_RECORDED.name(), Topics.ORDERS_CONFIRMED.name(), Topics.REVIEWS_SUBMITTED.name())) {
            assertTrue(on(topic, id, Duration.ofSeconds(3)).isEmpty(), "nothing of a refused consent on " + topic);
        }
    }

    @Test
    void aShopWhoseCodePredatesTheCopyIsRecordedAsBeforeUnboundAndWithoutASignatureAsToday() throws Exception {
        Fixtures.Shop old = Fixtures.webshop("old.example");
        String order = "O-" + UUID.randomUUID();
        ObjectNode signed = orderData(old, order);
        given().contentType(ContentType.JSON).header("Origin", "https://old.example").body(body(order, "ab".repeat(64), signed))
                .post("/embed/" + old.id() + "/consent").then().statusCode(200);
        assertFalse(on(Topics.CONSENTS_RECORDED.name(), order, Duration.ofSeconds(30)).isEmpty());
        assertTrue(on(Topics.ORDERS_CONFIRMED.name(), order, Duration.ofSeconds(3)).isEmpty(), "an unchecked signature confirms nothing");

        Fixtures.Shop shop = Fixtures.webshopWithCode("unsigned.example", "Code-" + UUID.randomUUID());
        String unsigned = "U-" + UUID.randomUUID();
        given().contentType(ContentType.JSON).header("Origin", "https://unsigned.example")
                .body("{\"order_number\":\"%s\",\"choice\":\"ask_later\",\"email\":\"jan@example.com\"}".formatted(unsigned))
                .post("/embed/" + shop.id() + "/consent").then().statusCode(200);
        assertFalse(on(Topics.CONSENTS_RECORDED.name(), unsigned, Duration.ofSeconds(30)).isEmpty());
        assertTrue(on(Topics.ORDERS_CONFIRMED.name(), unsigned, Duration.ofSeconds(3)).isEmpty(), "no signature, no confirmation");
    }
}
