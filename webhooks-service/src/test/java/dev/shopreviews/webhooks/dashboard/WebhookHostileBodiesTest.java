package dev.shopreviews.webhooks.dashboard;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.webhooks.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import static dev.shopreviews.webhooks.dashboard.DashboardWebhooksTest.base;
import static dev.shopreviews.webhooks.dashboard.DashboardWebhooksTest.change;
import static dev.shopreviews.webhooks.dashboard.DashboardWebhooksTest.session;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile and clumsy bodies at the endpoints whose bodies bind to validated records (common RequestBodies): spec 4.9's
 * subscribe and the dashboard's subscribe (SubscribeRequest) and test event (TestEventRequest). Strings for booleans,
 * numbers, 4.5, arrays and objects for texts, null, missing fields, huge and poisoned texts: each is the 400 envelope
 * with the spec's message for the first wrong field in the order url, topic, is_active, whatever the content type,
 * never a 5xx, and nothing is stored; the dashboard's ownership and the shop's replica are answered where they were.
 */
@QuarkusTest
class WebhookHostileBodiesTest {
    static final String URL = "https://hooks.example/in";
    static final String CREATED = Topics.REVIEWS_CREATED.name();
    static final String NOT_AN_OBJECT = "Request body must be a JSON object.";
    static final String URL_REQUIRED = "url is required.";
    static final String URL_NOT_TEXT = "url must be a string.";
    static final String TOPIC_REQUIRED = "topic is required.";
    static final String TOPIC_UNKNOWN = "topic must be one of reviews.created, reviews.updated, reviews.deleted.";
    static final String ACTIVE = "is_active must be a boolean.";
    static final String HUGE = "\"" + "x".repeat(70_000) + "\"";

    @Test
    void subscribingRefusesEveryBodyButTheSpecsOneOnBothEndpoints() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());

        Map<String, String> refused = notAnObject();
        refused.put("{}", URL_REQUIRED);
        refused.put("{\"topic\":\"" + CREATED + "\"}", URL_REQUIRED);
        for (String url : new String[]{"null", "\"\"", "\"   \"", "\" \\t \""}) {
            refused.put("{\"url\":" + url + ",\"topic\":\"" + CREATED + "\"}", URL_REQUIRED);
        }
        for (String url : new String[]{"42", "4.5", "true", "[\"" + URL + "\"]", "{\"href\":\"" + URL + "\"}"}) {
            refused.put("{\"url\":" + url + ",\"topic\":\"" + CREATED + "\"}", URL_NOT_TEXT);
        }
        refused.put("{\"url\":\"" + URL + "\\n\",\"topic\":\"" + CREATED + "\"}", "Invalid value for url: must be a single line.");
        refused.put("{\"url\":\"https://hooks.example/a\\tb\",\"topic\":\"" + CREATED + "\"}", "Invalid value for url: must be a single line.");
        refused.put("{\"url\":\"https://hooks.example/a\\u0000b\",\"topic\":\"" + CREATED + "\"}", "Invalid value for url: contains a control character.");
        refused.put("{\"url\":\"https://hooks.example/\\ud800\",\"topic\":\"" + CREATED + "\"}", "Invalid value for url: contains an invalid character.");
        refused.put("{\"url\":\"" + URL + "\"}", TOPIC_REQUIRED);
        for (String topic : new String[]{"null", "\"\"", "\"  \""}) {
            refused.put("{\"url\":\"" + URL + "\",\"topic\":" + topic + "}", TOPIC_REQUIRED);
        }
        for (String topic : new String[]{"42", "4.5", "true", "[\"" + CREATED + "\"]", "{}", "\"REVIEWS.CREATED\"",
                "\" reviews.created\"", "\"reviews.published\"", HUGE}) {
            refused.put("{\"url\":\"" + URL + "\",\"topic\":" + topic + "}", TOPIC_UNKNOWN);
        }
        for (String active : new String[]{"null", "\"true\"", "\"false\"", "1", "0", "4.5", "[]", "[true]", "{}", HUGE}) {
            refused.put("{\"url\":\"" + URL + "\",\"topic\":\"" + CREATED + "\",\"is_active\":" + active + "}", ACTIVE);
        }
        // The first wrong field in the order url, topic, is_active, wherever it stands in the body.
        refused.put("{\"is_active\":\"yes\",\"topic\":7,\"url\":5}", URL_NOT_TEXT);
        refused.put("{\"is_active\":\"yes\",\"topic\":7,\"url\":\" \"}", URL_REQUIRED);
        refused.put("{\"is_active\":\"yes\",\"topic\":7,\"url\":\"" + URL + "\"}", TOPIC_UNKNOWN);
        refused.put("{\"is_active\":null,\"topic\":\"\",\"url\":\"" + URL + "\"}", TOPIC_REQUIRED);
        refused.put("{\"url\":\"" + URL + "\",\"topic\":\"" + CREATED + "\",\"note\":\"\\u001b[31m\"}",
                "Invalid value for note: contains a control character.");
        refused.put("{\"URL\":\"" + URL + "\",\"Topic\":\"" + CREATED + "\"}", URL_REQUIRED);

        String dashboard = base(shop.id()) + "/subscriptions";
        assertRefused(refused, () -> change(session), dashboard);
        assertRefused(refused, () -> given().queryParam("id", shop.id()).queryParam("code", shop.code()), "/api/1.0/webhook.json");
        // A url too long or not one the guard takes is refused after the body, still in the envelope.
        for (String url : new String[]{"\"https://hooks.example/" + "a".repeat(70_000) + "\"", "\"ftp://hooks.example/in\"", "\"not a url\""}) {
            String body = "{\"url\":" + url + ",\"topic\":\"" + CREATED + "\"}";
            change(session).contentType("text/plain").body(body).post(dashboard).then().statusCode(400).body("status", equalTo("error"));
        }
        assertEquals(0, Db.count("select count(*) from webhook_subscription where webshop_id = ?", shop.id()), "nothing stored");

        // Unknown fields are ignored and is_active defaults to true, whatever the content type.
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("text/plain")
                .body("{\"url\":\"http://127.0.0.1:9/hostile\",\"topic\":\"" + CREATED + "\",\"extra\":[1,{}]}")
                .post("/api/1.0/webhook.json").then().statusCode(200);
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json").then()
                .statusCode(200).body("webhooks.is_active", contains(true));
    }

    @Test
    void theTestEventTakesOnlyAKnownTopic() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String path = base(shop.id()) + "/test";

        Map<String, String> refused = notAnObject();
        refused.put("{}", TOPIC_REQUIRED);
        refused.put("{\"Topic\":\"" + CREATED + "\"}", TOPIC_REQUIRED);
        for (String topic : new String[]{"null", "\"\"", "\"  \""}) {
            refused.put("{\"topic\":" + topic + "}", TOPIC_REQUIRED);
        }
        for (String topic : new String[]{"42", "4.5", "true", "[\"" + CREATED + "\"]", "{}", "\"REVIEWS.CREATED\"",
                "\"=cmd|' /C calc'!A0\"", HUGE}) {
            refused.put("{\"topic\":" + topic + "}", TOPIC_UNKNOWN);
        }
        refused.put("{\"topic\":\"reviews.\\u0000created\"}", "Invalid value for topic: contains a control character.");
        assertRefused(refused, () -> change(session), path);
        assertEquals(0, Db.count("select count(*) from webhook_delivery where webshop_id = ?", shop.id()), "nothing queued");

        change(session).contentType("text/plain").body("{\"topic\":\"" + CREATED + "\",\"url\":5}").post(path).then()
                .statusCode(200).body("deliveries", hasSize(0));
    }

    @Test
    void theOwnershipAndTheShopsReplicaAreAnsweredWhereTheyWere() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        String stranger = session(other.id());
        String bad = "{\"url\":7,\"topic\":[]}";
        change(stranger).body(bad).post(base(shop.id()) + "/subscriptions").then().statusCode(404)
                .body("message", equalTo("Webshop not found."));
        change(stranger).body(bad).post(base(shop.id()) + "/test").then().statusCode(404);
        given().queryParam("id", shop.id()).queryParam("code", "wrong").contentType("application/json").body(bad)
                .post("/api/1.0/webhook.json").then().statusCode(401);

        // A webshop of the session this service has no replica of: subscribing answers 404 before the body (as the
        // spec's endpoint checks the shop first), the test event reads its body first.
        long unknown = ThreadLocalRandom.current().nextLong(9_100_000_000L, 9_200_000_000L);
        String session = session(unknown);
        change(session).body(bad).post(base(unknown) + "/subscriptions").then().statusCode(404);
        change(session).body(bad).post(base(unknown) + "/test").then().statusCode(400).body("message", equalTo(TOPIC_UNKNOWN));
        change(session).body("{\"topic\":\"" + CREATED + "\"}").post(base(unknown) + "/test").then().statusCode(404);
    }

    /** The bodies no endpoint takes: empty, not JSON, or JSON that is no object. */
    private static Map<String, String> notAnObject() {
        Map<String, String> refused = new LinkedHashMap<>();
        for (String body : new String[]{"", " ", "null", "[]", "[{\"url\":\"" + URL + "\"}]", "\"text\"", "42", "4.5", "true",
                "{not json", "{\"url\":", "<url>x</url>", "url=x&topic=reviews.created"}) {
            refused.put(body, NOT_AN_OBJECT);
        }
        return refused;
    }

    /** Each body refused with its message in the envelope, as JSON and as text/plain. */
    private static void assertRefused(Map<String, String> refused, Supplier<RequestSpecification> caller, String path) {
        refused.forEach((body, message) -> {
            for (String type : new String[]{"application/json", "text/plain; charset=UTF-8"}) {
                Response answer = caller.get().contentType(type).body(body).post(path);
                String shown = type + " " + (body.length() > 200 ? body.substring(0, 200) + "…" : body);
                assertEquals(400, answer.statusCode(), shown);
                assertEquals(Map.of("status", "error", "message", message), answer.jsonPath().getMap(""), shown);
            }
        });
    }
}
