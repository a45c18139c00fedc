package dev.shopreviews.webhooks;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class SubscribeWebhookTest {
    private static final String URL = "http://127.0.0.1:9/hook";

    @Inject
    Pool pool;

    private Fixtures.Shop shop;

    @BeforeEach
    void shop() {
        shop = Fixtures.webshop();
    }

    @Test
    void subscribingAnswersWebhookIdUrlTopicAndA256BitSecret() {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON)
                .body("{\"url\":\"" + URL + "\",\"topic\":\"reviews.created\"}")
                .post("/api/1.0/webhook.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webhook subscription created"))
                .body("data", aMapWithSize(4))
                .body("data.webhook_id", instanceOf(Integer.class))
                .body("data.url", equalTo(URL))
                .body("data.topic", equalTo("reviews.created"))
                .body("data.secret", matchesPattern("[0-9a-f]{64}"));
    }

    @Test
    void theSecretIsStoredEncryptedNotInClear() {
        Fixtures.Subscription subscription = Fixtures.subscribe(shop, URL, "reviews.updated");
        Row row = pool.preparedQuery("select secret_encrypted from webhook_subscription where id = $1")
                .execute(Tuple.of(subscription.id())).await().indefinitely().iterator().next();
        String stored = row.getString("secret_encrypted");
        assertTrue(stored.startsWith("v1:"));
        assertFalse(stored.contains(subscription.secret()));
    }

    @Test
    void isActiveDefaultsToTrueAndFalseIsKept() {
        Fixtures.subscribe(shop, URL, "reviews.created");
        Fixtures.subscribeRaw(shop, URL, "reviews.deleted", false);
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().statusCode(200)
                .body("webhooks.is_active", contains(true, false))
                .body("webhooks.topic", contains("reviews.created", "reviews.deleted"));
    }

    @Test
    void invalidBodiesAreRefusedWithAClearMessage() {
        String[][] cases = {
                {"", "Request body must be a JSON object."},
                {"not json", "Request body must be a JSON object."},
                {"[]", "Request body must be a JSON object."},
                {"{}", "url is required."},
                {"{\"url\":\"  \",\"topic\":\"reviews.created\"}", "url is required."},
                {"{\"url\":5,\"topic\":\"reviews.created\"}", "url must be a string."},
                {"{\"url\":\"" + URL + "\"}", "topic is required."},
                {"{\"url\":\"" + URL + "\",\"topic\":\"reviews.published\"}",
                        "topic must be one of reviews.created, reviews.updated, reviews.deleted."},
                {"{\"url\":\"" + URL + "\",\"topic\":[\"reviews.created\"]}",
                        "topic must be one of reviews.created, reviews.updated, reviews.deleted."},
                {"{\"url\":\"" + URL + "\",\"topic\":\"reviews.created\",\"is_active\":\"true\"}", "is_active must be a boolean."},
                {"{\"url\":\"" + URL + "\",\"topic\":\"reviews.created\",\"is_active\":1}", "is_active must be a boolean."},
                {"{\"url\":\"" + URL + "\",\"topic\":\"reviews.created\",\"is_active\":null}", "is_active must be a boolean."},
        };
        for (String[] c : cases) {
            given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON).body(c[0])
                    .post("/api/1.0/webhook.json")
                    .then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo(c[1]))
                    .body("data", nullValue());
        }
    }

    @Test
    void badCredentialsAre401AndMissingOnesAre400() {
        String body = "{\"url\":\"" + URL + "\",\"topic\":\"reviews.created\"}";
        for (String[] pair : new String[][]{{String.valueOf(shop.id()), "wrong"}, {"abc", shop.code()}, {"99", shop.code()}}) {
            given().queryParam("id", pair[0]).queryParam("code", pair[1]).contentType(ContentType.JSON).body(body)
                    .post("/api/1.0/webhook.json")
                    .then().statusCode(401)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Incorrect authentication credentials."));
        }
        given().queryParam("id", shop.id()).contentType(ContentType.JSON).body(body).post("/api/1.0/webhook.json")
                .then().statusCode(400).body("status", equalTo("error"))
                .body("message", equalTo("Not all obligated variables are set."));
        // Credentials are checked before the body: a stranger learns nothing about what a valid body is.
        given().queryParam("id", shop.id()).queryParam("code", "wrong").contentType(ContentType.JSON).body("{}")
                .post("/api/1.0/webhook.json").then().statusCode(401);
    }
}
