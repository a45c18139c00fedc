package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Spec 4.4: amount and averages of the published reviews, HALF_UP to two decimals. */
@QuarkusTest
class RatingsSummaryTest {

    @Test
    void summaryAveragesPublishedReviewsRoundedHalfUpToTwoDecimals() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        send(shop, 5, new SubRatings(5, 5, 4, 1));
        send(shop, 4, new SubRatings(4, 5, 4, 2));
        send(shop, 4, new SubRatings(4, 4, 5, 2));
        ReviewSubmitted spam = Fixtures.withComment(Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM),
                1, new SubRatings(1, 1, 1, 1)), "bestel op www.nep-winkel.example");
        Fixtures.submit(spam);
        Fixtures.awaitReview(shop, spam.email());

        String body = given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .get("/api/1.0/ratings_summary.json").then().statusCode(200).extract().asString();
        assertEquals("{\"status\":\"success\",\"message\":\"Ratings summary successfully retrieved!\",\"data\":"
                + "{\"amount\":3,\"rating_average\":4.33,\"ratings_average\":{\"shippingtime\":4.33,"
                + "\"customerservice\":4.67,\"pricequality\":4.33,\"aftersale\":1.67}}}", body);
    }

    @Test
    void webshopWithoutReviewsHasAmountZero() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().statusCode(200).body("data.amount", equalTo(0)).body("data.rating_average", equalTo(0.0f));
    }

    @Test
    void publicCodeDoesNotOpenTheSummary() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode())
                .get("/api/1.0/ratings_summary.json").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Not all obligated variables are set."))
                .body("data", nullValue());
        given().queryParam("id", shop.id()).queryParam("code", shop.publicCode())
                .get("/api/1.0/ratings_summary.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials.")).body("data", nullValue());
    }

    @Test
    void errorBodyCarriesDataNull() {
        String body = given().queryParam("id", "1").get("/api/1.0/ratings_summary.json").then().statusCode(400)
                .extract().asString();
        assertEquals("{\"status\":\"error\",\"message\":\"Not all obligated variables are set.\",\"data\":null}", body);
    }

    private static void send(Fixtures.Shop shop, int rating, SubRatings ratings) {
        ReviewSubmitted review = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), rating, ratings);
        Fixtures.submit(review);
        Fixtures.awaitReview(shop, review.email());
    }
}
