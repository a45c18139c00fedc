package dev.shopreviews.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.PrivacySessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** GET /privacy/api/webhooks/export: the person's stored deliveries, only with a valid privacy session. */
@QuarkusTest
class PrivacyExportTest {

    @Test
    void theSessionsAddressGetsItsDeliveriesOnEveryShopAndNothingElseNeverCached() {
        String email = "export." + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
        Fixtures.Shop a = Fixtures.webshop();
        Fixtures.Shop b = Fixtures.webshop();
        Fixtures.Subscription subA = Fixtures.subscribe(a, "http://127.0.0.1:9/hook", Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription subB = Fixtures.subscribe(b, "http://127.0.0.1:9/hook", Topics.REVIEWS_CREATED.name());
        Fixtures.Stored first = Fixtures.storedDelivery(subA, a, "delivered", email, Duration.ofDays(3));
        Fixtures.Stored second = Fixtures.storedDelivery(subB, b, "pending", email, Duration.ofMinutes(1));
        Fixtures.storedDelivery(subA, a, "delivered", "someone.else@example.com", Duration.ofDays(1));

        String cookie = sessions().open("  " + email.toUpperCase() + " ", Instant.now());
        JsonPath body = given().cookie(PrivacySessions.COOKIE, cookie).get("/privacy/api/webhooks/export")
                .then().statusCode(200).header("Cache-Control", "no-store")
                .body("status", equalTo("success")).extract().jsonPath();
        assertEquals(List.of(first.id(), second.id()), body.getList("deliveries.delivery_id", Long.class));
        assertEquals(List.of(a.id(), b.id()), body.getList("deliveries.webshop_id", Long.class));
        assertEquals(List.of("delivered", "pending"), body.getList("deliveries.state", String.class));
        assertEquals(List.of(email, email), body.getList("deliveries.payload.email", String.class), "payload is JSON, not a string");
        assertEquals(List.of("reviews.created", "reviews.created"), body.getList("deliveries.topic", String.class));
    }

    @Test
    void withoutAValidSessionTheAnswerIs401InTheEnvelope() {
        given().get("/privacy/api/webhooks/export").then().statusCode(401).header("Cache-Control", "no-store")
                .body("status", equalTo("error"));
        String forged = new PrivacySessions("another-key-that-is-long-enough-0123456789", new ObjectMapper())
                .open("x@example.com", Instant.now());
        given().cookie(PrivacySessions.COOKIE, forged).get("/privacy/api/webhooks/export").then().statusCode(401)
                .body("status", equalTo("error"));
        String expired = sessions().open("x@example.com", Instant.now().minus(Duration.ofHours(1)));
        given().cookie(PrivacySessions.COOKIE, expired).get("/privacy/api/webhooks/export").then().statusCode(401);
        given().cookie(PrivacySessions.COOKIE, "garbage.%%%").get("/privacy/api/webhooks/export").then().statusCode(401);
    }

    private static PrivacySessions sessions() {
        return new PrivacySessions(ConfigProvider.getConfig().getValue("shopreviews.privacy-session-key", String.class),
                new ObjectMapper());
    }
}
