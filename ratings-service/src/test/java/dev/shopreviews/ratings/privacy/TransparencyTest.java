package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** GET /api/1.0/transparency.json: a webshop's figures over its reviews of the last 12 months; public, errors as everywhere. */
@QuarkusTest
class TransparencyTest {

    @Test
    void figuresCountTheLastTwelveMonthsByMethodOutcomeAndReply() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Instant recent = Instant.now().minus(Duration.ofDays(3));
        long id = shop.id();
        PrivacyFixtures.seedReview(id, "invitation", true, false, false, null, false, "Dank u", null, recent);
        PrivacyFixtures.seedReview(id, "invitation", true, false, false, null, false, "", null, recent);
        PrivacyFixtures.seedReview(id, "invitation", true, false, false, null, true, "", null, recent);
        PrivacyFixtures.seedReview(id, "popup", true, false, false, null, false, "Graag gedaan", null, recent);
        PrivacyFixtures.seedReview(id, "popup", false, true, false, null, false, "", null, recent);
        PrivacyFixtures.seedReview(id, "popup", false, true, true, "contains a link", false, "", null, recent);
        PrivacyFixtures.seedReview(id, "popup", false, false, true, "contains a link; contains a phone number", false, "", null, recent);
        PrivacyFixtures.seedReview(id, "popup", false, false, true, "contains a link", true, "", null, recent);
        PrivacyFixtures.seedReview(id, "invitation", true, false, false, null, false, "Oud", null,
                Instant.now().minus(Duration.ofDays(400)));

        String body = given().queryParam("id", id).get("/api/1.0/transparency.json").then().statusCode(200)
                .extract().asString();
        JsonPath answer = new JsonPath(body);

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertEquals("success", answer.getString("status"));
        assertEquals("Transparency figures.", answer.getString("message"));
        assertEquals(id, answer.getLong("webshop_id"));
        assertEquals(Map.of("from", today.minusYears(1).toString(), "to", today.toString()), answer.getMap("period"));
        assertEquals(List.of(
                Map.of("method", "invitation", "verified", 3, "unverified", 0),
                Map.of("method", "popup", "verified", 1, "unverified", 4),
                Map.of("method", "form", "verified", 0, "unverified", 0)), answer.getList("collected"));
        assertEquals(3, answer.getInt("moderation.published"), "two invitation reviews and the verified pop-up");
        assertEquals(2, answer.getInt("moderation.quarantined"), "a held one that is quarantined counts as quarantined");
        assertEquals(1, answer.getInt("moderation.held"));
        assertEquals(2, answer.getInt("moderation.deleted"));
        assertEquals(List.of(Map.of("reason", "contains a link", "count", 2), Map.of("reason", "contains a phone number", "count", 1)),
                answer.getList("moderation.quarantine_reasons"));
        assertEquals(8, answer.getInt("responses.reviews"));
        assertEquals(2, answer.getInt("responses.replied"));
        assertEquals(0.25f, answer.getFloat("responses.rate"));
        assertEquals(true, body.matches("\\{\"status\":\"success\",\"message\":\"Transparency figures.\",\"webshop_id\":\\d+,"
                + "\"period\":\\{\"from\":\"[-0-9]+\",\"to\":\"[-0-9]+\"},\"collected\":\\[\\{\"method\":\"invitation\",\"verified\":3,"
                + "\"unverified\":0}.*],\"imported\":\\{\"reviews\":0,\"source_verified_purchase\":0},\"moderation\":\\{\"published\":3,\"quarantined\":2,\"held\":1,\"deleted\":2,"
                + "\"quarantine_reasons\":\\[.*]},\"responses\":\\{\"reviews\":8,\"replied\":2,\"rate\":0.25}}"), body);
    }

    @Test
    void aShopWithoutReviewsListsEveryMethodWithZeros() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).get("/api/1.0/transparency.json").then().statusCode(200)
                .body("collected.method", equalTo(List.of("invitation", "popup", "form")))
                .body("collected.verified", equalTo(List.of(0, 0, 0)))
                .body("moderation.quarantine_reasons", equalTo(List.of()))
                .body("responses.reviews", equalTo(0)).body("responses.rate", equalTo(0.0f));
    }

    @Test
    void missingUnknownInactiveOrMalformedIdsAreRefusedWithTheEnvelope() {
        given().get("/api/1.0/transparency.json").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Not all obligated variables are set."));
        for (String id : List.of("abc", "-1", "99999999999999", "1.5")) {
            given().queryParam("id", id).get("/api/1.0/transparency.json").then().statusCode(401)
                    .body("status", equalTo("error")).body("message", equalTo("Incorrect authentication credentials."));
        }
        Fixtures.Shop inactive = Fixtures.webshop(false);
        Db.update("update webshop_replica set active = false where id = ?", inactive.id());
        given().queryParam("id", inactive.id()).get("/api/1.0/transparency.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
    }
}
