package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The operator's flag changes: each is visible in ratings.json and announced on the broker. */
@QuarkusTest
class AdminReviewsTest {
    static final String OPERATOR = "Bearer test-operator-token";

    @Test
    void markingReadIsShownAndAnnouncedAsUpdated() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = ReviewRepliesTest.review(shop);
        long id = ReviewRepliesTest.id(shop, review);

        given().header("Authorization", OPERATOR).post("/admin/reviews/" + id + "/read").then().statusCode(200)
                .body("read", equalTo(true));

        assertEquals(true, Fixtures.awaitReview(shop, review.email()).get("read"));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(), record -> record.value().contains(review.email())
                && record.value().contains("\"read\":true"), 1, Duration.ofSeconds(30)).size());
    }

    @Test
    void releasingFromQuarantinePublishesTheReview() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), "zie www.iets.example");
        Fixtures.submit(review);
        long id = ((Number) Fixtures.awaitReview(shop, review.email()).get("id")).longValue();
        assertEquals(0, ReviewIngestionTest.publicRatings(shop).size());

        given().header("Authorization", OPERATOR).delete("/admin/reviews/" + id + "/quarantine").then().statusCode(200)
                .body("quarantine", equalTo(false));

        assertEquals(1, ReviewIngestionTest.publicRatings(shop).size());
    }

    @Test
    void deletingRemovesTheReviewEverywhereAndAnnouncesIt() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = ReviewRepliesTest.review(shop);
        long id = ReviewRepliesTest.id(shop, review);

        given().header("Authorization", OPERATOR).delete("/admin/reviews/" + id).then().statusCode(200)
                .body("deleted", equalTo(true));

        assertEquals(0, Fixtures.ratings(shop).getInt("total"));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().body("data.amount", equalTo(0));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(), record -> record.value().contains(review.email()),
                1, Duration.ofSeconds(30)).size());
        given().header("Authorization", OPERATOR).delete("/admin/reviews/" + id).then().statusCode(404)
                .body("message", equalTo("Review not found."));
    }

    @Test
    void withoutTheOperatorTokenNothingChanges() {
        given().header("Authorization", "Bearer wrong").post("/admin/reviews/1/read").then().statusCode(401)
                .body("message", equalTo("Operator token required."));
        given().delete("/admin/reviews/1").then().statusCode(401);
    }
}
