package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.testing.HostileValues;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever generated hostile value ({@link HostileValues}) reaches a public endpoint of embed-service
 * (sidebar.js, widget, public page, review form, the pop-up's POSTs), the answer is never a 5xx, a JSON answer is the
 * envelope, no event carries text the text rule refuses, and a normal consent after them is still published.
 * Each request comes from its own client address (X-Forwarded-For from the trusted loopback), so the rate limit
 * does not hide the answers.
 */
@QuarkusTest
class HostileInputTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> WIDGET_PARAMETERS = List.of("id", "layout", "theme", "color", "show", "view", "amount",
            "width", "width_amount", "height", "interval", "language", "css");
    private static final List<String> CONSENT_FIELDS = List.of("order_number", "email", "first_name", "invite_delay", "choice",
            "language");
    private static final List<String> REVIEW_FIELDS = List.of("rating", "comment", "name", "email");
    private static final List<String> FORM_FIELDS = List.of("ref", "token", "rating", "shippingtime", "comment", "name",
            "product_rating_0", "product_text_0");
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    @Test
    void hostileValuesAtEveryEndpointStopNothingAndPublishNothingUnacceptable() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("hostile.example");
        String origin = "https://hostile.example";

        for (String value : HostileValues.sample(HostileValues.inQuery(), 40)) {
            noServerError(client().queryParam("id", value).get("/sidebar.js"), value);
            noServerError(client().queryParam("id", shop.id()).queryParam("c", value).get("/sidebar.js"), value);
            for (String parameter : WIDGET_PARAMETERS) {
                Map<String, Object> parameters = new HashMap<>(Map.of("id", shop.id()));
                parameters.put(parameter, value);
                noServerError(client().queryParams(parameters).get("/webshops/widget_html"), value);
            }
            noServerError(client().urlEncodingEnabled(false).get("/shop/" + segment(value) + "/en"), value);
            noServerError(client().urlEncodingEnabled(false).get("/shop/" + shop.id() + "/" + segment(value)), value);
            noServerError(client().queryParam("ref", value).get("/embed/review"), value);
            noServerError(client().queryParam("token", value).get("/embed/review"), value);
            envelope(client().header("Origin", origin).contentType(ContentType.JSON).body("{\"choice\":\"ask_later\"}")
                    .urlEncodingEnabled(false).post("/embed/" + segment(value) + "/consent"), value);
        }
        for (String value : HostileValues.sample(HostileValues.any(), 25)) {
            for (String field : CONSENT_FIELDS) {
                ObjectNode consent = consent();
                consent.put(field, value);
                envelope(client().header("Origin", origin).contentType(ContentType.JSON).body(consent.toString())
                        .post("/embed/" + shop.id() + "/consent"), value);
            }
            for (String field : REVIEW_FIELDS) {
                ObjectNode review = review();
                review.put(field, value);
                envelope(client().header("Origin", origin).contentType(ContentType.JSON).body(review.toString())
                        .post("/embed/" + shop.id() + "/reviews"), value);
            }
            for (String field : FORM_FIELDS) {
                noServerError(client().header("Origin", origin).contentType("application/x-www-form-urlencoded")
                        .formParam(field, value).post("/embed/review"), value);
            }
        }
        for (String body : List.of("rating=%zz", "ref=%", "%00=%00", "comment=" + "x".repeat(70_000), "name=" + "%e2%82".repeat(10))) {
            noServerError(client().header("Origin", origin).contentType("application/x-www-form-urlencoded").body(body)
                    .post("/embed/review"), body);
        }
        for (String body : List.of("{", "[]", "null", "{\"choice\":\"ask_later\",\"order_number\":{\"a\":1}}", "\"\u0000\"",
                "{\"choice\":\"ask_later\",\"order_number\":\"" + "x".repeat(70_000) + "\"}")) {
            envelope(client().header("Origin", origin).contentType(ContentType.JSON).body(body)
                    .post("/embed/" + shop.id() + "/consent"), body);
        }

        String order = "NORMAL-" + UUID.randomUUID();
        ObjectNode normal = consent().put("order_number", order);
        client().header("Origin", origin).contentType(ContentType.JSON).body(normal.toString())
                .post("/embed/" + shop.id() + "/consent").then().statusCode(200);
        assertEquals(1, KafkaTestClient.await(Topics.CONSENTS_RECORDED.name(), r -> r.value().contains(order), 1,
                Duration.ofSeconds(30)).size(), "a normal consent is still published");
        for (String topic : List.of(Topics.CONSENTS_RECORDED.name(), Topics.REVIEWS_SUBMITTED.name())) {
            for (ConsumerRecord<String, String> record : KafkaTestClient.await(topic,
                    r -> r.value() != null && r.value().contains("\"webshop_id\":" + shop.id()), Integer.MAX_VALUE, Duration.ofSeconds(3))) {
                textIsAcceptable(JSON.readTree(record.value()));
            }
        }
    }

    /** A request from an address of its own (the loopback test client is a trusted proxy). */
    private static RequestSpecification client() {
        int n = CLIENTS.incrementAndGet();
        return given().header("X-Forwarded-For", "198.18." + (n / 250) % 250 + "." + n % 250);
    }

    /** The value as one percent-encoded path segment. */
    private static String segment(String value) {
        return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static ObjectNode consent() {
        return JSON.createObjectNode().put("order_number", "H-" + UUID.randomUUID()).put("email", "jan@example.com")
                .put("first_name", "Jan").put("invite_delay", 3).put("choice", "ask_later").put("language", "en");
    }

    private static ObjectNode review() {
        ObjectNode review = JSON.createObjectNode().put("rating", 5).put("comment", "Quick").put("name", "Jan")
                .put("email", "jan@example.com");
        review.putObject("ratings").put("shippingtime", 5).put("customerservice", 4).put("pricequality", 4).put("aftersale", 3);
        return review;
    }

    private static void textIsAcceptable(JsonNode node) {
        if (node.isTextual()) {
            assertTrue(TextInput.acceptable(node.asText(), TextInput.Kind.TEXT), "published: " + HostileValues.printable(node.asText()));
        }
        for (Iterator<JsonNode> children = node.elements(); children.hasNext(); ) {
            textIsAcceptable(children.next());
        }
    }

    private static void envelope(Response response, String value) {
        noServerError(response, value);
        String status = response.jsonPath().getString("status");
        assertTrue("success".equals(status) || "error".equals(status), "envelope for " + HostileValues.printable(value) + ": "
                + HostileValues.printable(response.asString()));
        assertTrue(response.statusCode() < 400 || "error".equals(status), "an error answer is an error envelope");
    }

    private static void noServerError(Response response, String value) {
        assertTrue(response.statusCode() < 500, response.statusCode() + " for " + HostileValues.printable(value) + ": "
                + HostileValues.printable(response.asString()));
    }

}
