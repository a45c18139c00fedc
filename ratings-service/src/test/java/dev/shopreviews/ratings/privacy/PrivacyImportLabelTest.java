package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reviewer's privacy page lists a review a shop imported with their address with its source (docs/privacy.md). */
@QuarkusTest
class PrivacyImportLabelTest {

    @Test
    void anImportedReviewNamesItsSourceAndOurOwnReviewsNone() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String mine = PrivacyFixtures.address("imported");
        long own = PrivacyFixtures.review(shop, mine, ReviewSubmitted.ORIGIN_INVITATION);
        long imported = given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("application/json")
                .body("{\"source\":\"Old Provider\",\"reviews\":[{\"source_review_id\":\"p-1\",\"created\":\"2021-06-01\","
                        + "\"name\":\"Ida\",\"email\":\"" + mine + "\",\"language\":\"nl\",\"rating\":4,"
                        + "\"verified_purchase\":true}]}")
                .post("/api/1.0/review_imports.json").then().statusCode(200).extract().jsonPath()
                .getLong("review_ids[0]");

        JsonPath listed = given().cookie(PrivacySessions.COOKIE, PrivacyFixtures.cookie(mine)).get("/privacy/api/reviews/")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(own, imported), listed.getList("reviews.id", Long.class), "newest (created) first");
        Map<String, Object> importedReview = listed.getMap("reviews.find { it.id == " + imported + " }");
        assertEquals("Old Provider", importedReview.get("import_source"));
        assertEquals(false, importedReview.get("verified"), "never verified by us, whatever the source said");
        Map<String, Object> ownReview = listed.getMap("reviews.find { it.id == " + own + " }");
        assertTrue(ownReview.containsKey("import_source"), "null, not left out");
        assertNull(ownReview.get("import_source"));
    }
}
