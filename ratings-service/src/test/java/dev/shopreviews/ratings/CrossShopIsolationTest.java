package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Shop B can neither read nor reply to shop A's reviews, and learns nothing about them. */
@QuarkusTest
class CrossShopIsolationTest {

    @Test
    void shopBCannotReadShopAsReviews() {
        Fixtures.Shop a = Fixtures.webshop(true);
        Fixtures.Shop b = Fixtures.webshop(true);
        ReviewSubmitted review = ReviewRepliesTest.review(a);

        assertEquals(0, Fixtures.ratings(b).getInt("total"));
        given().queryParam("id", a.id()).queryParam("code", b.code()).get("/api/1.0/ratings.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", a.id()).queryParam("public_code", b.publicCode()).get("/api/1.0/ratings.json").then()
                .statusCode(401);
        given().queryParam("id", a.id()).queryParam("code", b.code()).get("/api/1.0/ratings_summary.json").then()
                .statusCode(401);
        given().queryParam("id", a.id()).queryParam("code", b.code()).get("/api/1.0/product_reviews.xml").then()
                .statusCode(401);
        given().queryParam("id", b.id()).queryParam("code", b.code()).get("/api/1.0/product_reviews.xml").then()
                .statusCode(200).body(not(containsString(review.name() + "</name>")));
    }

    @Test
    void shopBCannotReplyToShopAsReviewAndGetsTheSameAnswerAsForAnUnknownReview() {
        Fixtures.Shop a = Fixtures.webshop(true);
        Fixtures.Shop b = Fixtures.webshop(true);
        ReviewSubmitted review = ReviewRepliesTest.review(a);
        long id = ReviewRepliesTest.id(a, review);

        ReviewRepliesTest.reply(b, "{\"review_id\":" + id + ",\"reply\":\"Niet van jou\"}").statusCode(404)
                .body("status", equalTo("error")).body("message", equalTo("Review not found."));
        assertEquals("", Fixtures.awaitReview(a, review.email()).get("reaction"));
    }
}
