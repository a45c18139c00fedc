package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

/** The operations the spec leaves "not shown": list, deactivate, activate, delete, delivery log, redeliver. */
@QuarkusTest
class SubscriptionManagementTest {
    private static final String URL = "http://127.0.0.1:9/hook";
    private Fixtures.Shop shop;

    @BeforeEach
    void shop() {
        shop = Fixtures.webshop();
    }

    @Test
    void listShowsTheShopsOwnSubscriptionsWithoutSecrets() {
        long created = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        long updated = Fixtures.subscribe(shop, URL + "2", Topics.REVIEWS_UPDATED.name()).id();
        Fixtures.subscribe(Fixtures.webshop(), URL, Topics.REVIEWS_CREATED.name());
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webhook subscriptions successfully retrieved!"))
                .body("webhooks.webhook_id", contains((int) created, (int) updated))
                .body("webhooks.url", contains(URL, URL + "2"))
                .body("webhooks.topic", contains("reviews.created", "reviews.updated"))
                .body("webhooks.is_active", contains(true, true))
                .body("webhooks[0].created", matchesPattern("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"))
                .body("webhooks[0]", not(hasKey("secret")));
    }

    @Test
    void deactivateAndActivateChangeIsActive() {
        long id = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .post("/api/1.0/webhooks/" + id + "/deactivate.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webhook subscription deactivated"))
                .body("data.webhook_id", equalTo((int) id))
                .body("data.is_active", equalTo(false));
        given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .post("/api/1.0/webhooks/" + id + "/activate.json")
                .then().statusCode(200)
                .body("message", equalTo("Webhook subscription activated"))
                .body("data.is_active", equalTo(true));
    }

    @Test
    void deleteRemovesTheSubscription() {
        long id = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).delete("/api/1.0/webhooks/" + id + ".json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webhook subscription deleted"));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().body("webhooks.size()", equalTo(0));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).delete("/api/1.0/webhooks/" + id + ".json")
                .then().statusCode(404).body("message", equalTo("Webhook not found."));
    }

    @Test
    void anotherShopsWebhookIsNotFound() {
        long id = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        Fixtures.Shop other = Fixtures.webshop();
        for (String path : new String[]{"/" + id + "/deactivate.json", "/" + id + "/activate.json", "/abc/activate.json"}) {
            given().queryParam("id", other.id()).queryParam("code", other.code()).post("/api/1.0/webhooks" + path)
                    .then().statusCode(404)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Webhook not found."));
        }
        given().queryParam("id", other.id()).queryParam("code", other.code()).delete("/api/1.0/webhooks/" + id + ".json")
                .then().statusCode(404).body("message", equalTo("Webhook not found."));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().body("webhooks.is_active", contains(true));
    }

    @Test
    void unknownDeliveriesAndBadPagingAreRefused() {
        long id = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        for (String delivery : new String[]{"999999999", "x"}) {
            given().queryParam("id", shop.id()).queryParam("code", shop.code())
                    .post("/api/1.0/webhooks/deliveries/" + delivery + "/redeliver.json")
                    .then().statusCode(404)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Webhook delivery not found."));
        }
        for (String limit : new String[]{"0", "101", "abc", "-1"}) {
            given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("limit", limit)
                    .get("/api/1.0/webhooks/" + id + "/deliveries.json")
                    .then().statusCode(400)
                    .body("message", equalTo("limit must be an integer from 1 to 100."))
                    .body("deliveries.size()", equalTo(0));
        }
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("offset", "-3")
                .get("/api/1.0/webhooks/" + id + "/deliveries.json")
                .then().statusCode(400).body("message", equalTo("offset must be a non-negative integer."));
    }

    @Test
    void managementNeedsValidCredentials() {
        long id = Fixtures.subscribe(shop, URL, Topics.REVIEWS_CREATED.name()).id();
        given().queryParam("id", shop.id()).queryParam("code", "wrong").get("/api/1.0/webhooks/list.json")
                .then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."))
                .body("webhooks.size()", equalTo(0));
        given().queryParam("id", shop.id()).queryParam("code", "wrong").post("/api/1.0/webhooks/" + id + "/deactivate.json")
                .then().statusCode(401).body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("code", shop.code()).delete("/api/1.0/webhooks/" + id + ".json")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
    }
}
