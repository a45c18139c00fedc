package dev.shopreviews.ratings.moderation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The console's moderation queue and review view name the provider an imported review came from
 * ({@code import_source}, null for reviews collected here), so moderators never take one for our own.
 */
@QuarkusTest
class ModerationImportLabelTest {
    @Inject
    ObjectMapper objectMapper;

    @Test
    void theQueueAndTheReviewInContextCarryTheImportSource() {
        String cookie = new OperatorSessions(ModerationConsoleTest.KEY, objectMapper).open("mia", OperatorRole.MODERATOR, Instant.now());
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.Shop elsewhere = Fixtures.webshop(false);
        ReviewSubmitted own = Fixtures.review(elsewhere, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(own);
        long ownId = ((Number) Fixtures.awaitReview(elsewhere, own.email()).get("id")).longValue();
        List<Long> imported = given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("application/json")
                .body("{\"source\":\"oldprovider\",\"reviews\":["
                        + "{\"source_review_id\":\"m-1\",\"created\":\"2022-03-01\",\"name\":\"Mo\",\"email\":\"" + own.email()
                        + "\",\"language\":\"nl\",\"rating\":1,\"comment\":\"Nooit meer.\"},"
                        + "{\"source_review_id\":\"m-2\",\"created\":\"2022-03-02\",\"name\":\"Mo\",\"email\":\"" + own.email()
                        + "\",\"language\":\"nl\",\"rating\":5}]}")
                .post("/api/1.0/review_imports.json").then().statusCode(200).extract().jsonPath().getList("review_ids", Long.class);
        long hidden = imported.get(0);
        changer(cookie).body("{\"reason\":\"Names a member of staff.\"}").post("/operator/api/ratings/reviews/" + hidden + "/hide")
                .then().statusCode(200);

        JsonPath queue = reader(cookie).queryParam("state", "hidden").queryParam("webshop_id", shop.id())
                .get("/operator/api/ratings/moderation").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(hidden), queue.getList("reviews.review_id", Long.class));
        assertEquals("oldprovider", queue.getString("reviews[0].import_source"));
        assertEquals(false, queue.getBoolean("reviews[0].verified"));

        JsonPath context = reader(cookie).get("/operator/api/ratings/reviews/" + hidden).then().statusCode(200)
                .extract().jsonPath();
        assertEquals("oldprovider", context.getString("review.import_source"));
        assertEquals(List.of(imported.get(1)), context.getList("shop_reviews.id", Long.class));
        assertEquals("oldprovider", context.getString("shop_reviews[0].import_source"));
        assertEquals("oldprovider", context.getString("reviewer_reviews.find { it.id == " + imported.get(1) + " }.import_source"));
        assertNull(context.getString("reviewer_reviews.find { it.id == " + ownId + " }.import_source"), "our own review");
        assertEquals(ownId, context.getLong("reviewer_reviews.find { it.id == " + ownId + " }.id"));

        JsonPath ownContext = reader(cookie).get("/operator/api/ratings/reviews/" + ownId).then().statusCode(200)
                .extract().jsonPath();
        assertNull(ownContext.getString("review.import_source"));
        assertEquals(true, ownContext.getMap("review").containsKey("import_source"), "null, not left out");
    }

    private static RequestSpecification reader(String cookie) {
        return given().cookie(OperatorSessions.COOKIE, cookie);
    }

    private static RequestSpecification changer(String cookie) {
        return reader(cookie).header(OperatorSessions.CSRF_HEADER, "1").contentType("application/json");
    }
}
