package dev.shopreviews.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.HostileValues;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever generated hostile value ({@link HostileValues}) reaches a query parameter, a path segment or a
 * body field of webhooks-service's endpoints, the answer is never a 5xx and always the envelope, the subscriptions
 * stay as they were, and a review event after them is still delivered.
 */
@QuarkusTest
class HostileInputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private TestReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void hostileValuesAtEveryEndpointChangeNothingAndStopNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/hostile"), Topics.REVIEWS_CREATED.name());
        String before = subscriptions(shop);

        for (String value : HostileValues.sample(HostileValues.inQuery(), 50)) {
            for (String parameter : List.of("id", "code")) {
                Map<String, Object> query = new HashMap<>(Map.of("id", shop.id(), "code", shop.code()));
                query.put(parameter, value);
                envelope(given().queryParams(query).get("/api/1.0/webhooks/list.json"), value);
                envelope(given().queryParams(query).get("/api/1.0/webhooks/" + hook.id() + "/deliveries.json"), value);
            }
            Map<String, Object> auth = Map.of("id", shop.id(), "code", shop.code());
            envelope(given().queryParams(auth).queryParam("limit", value).queryParam("offset", value)
                    .get("/api/1.0/webhooks/" + hook.id() + "/deliveries.json"), value);
            String segment = java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
            envelope(given().urlEncodingEnabled(false)
                    .post("/api/1.0/webhooks/" + segment + "/deactivate.json?id=" + shop.id() + "&code=" + shop.code()), value);
        }
        for (String value : HostileValues.sample(HostileValues.any(), 40)) {
            for (String field : List.of("url", "topic", "is_active")) {
                ObjectNode body = MAPPER.createObjectNode().put("url", "https://hooks.example/in").put("topic", "reviews.created")
                        .put("is_active", false);
                body.put(field, value);
                Response response = given().queryParam("id", shop.id()).queryParam("code", shop.code())
                        .contentType(ContentType.JSON).body(body.toString()).post("/api/1.0/webhook.json");
                envelope(response, value);
                assertTrue(response.statusCode() != 200, "a hostile " + field + " never subscribes");
            }
        }

        assertEquals(before, subscriptions(shop), "the subscriptions did not change");
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000L), true);
        await().atMost(Duration.ofSeconds(60)).until(() -> receiver.on("/hostile").size() == 1);
    }

    private static String subscriptions(Fixtures.Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().statusCode(200).extract().asString();
    }

    private static void envelope(Response response, String value) {
        assertTrue(response.statusCode() < 500, response.statusCode() + ": "
                + response.asString().substring(0, Math.min(200, response.asString().length())));
        assertTrue(response.asString().startsWith("{"), response.statusCode() + " without the envelope for "
                + value.codePoints().limit(40).mapToObj(cp -> cp < 0x20 || cp > 0x7e ? String.format("\\u%04x", cp)
                : Character.toString(cp)).reduce("", String::concat));
        String status = response.jsonPath().getString("status");
        assertTrue("success".equals(status) || "error".equals(status), "envelope for a hostile value");
        assertTrue(response.statusCode() < 400 || "error".equals(status), "an error answer is an error envelope");
    }
}
