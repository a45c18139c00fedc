package dev.shopreviews.ratings.review;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ratings_summary.json and ratings.json's total read the running totals the review table's triggers keep (V11), not
 * the reviews: every kind of write must leave them equal to what counting the reviews gives.
 */
@QuarkusTest
class ReviewTotalsTest {

    @Test
    void totalsFollowEveryWriteAndTheAnswersReadThem() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted dutch = submit(shop, "nl", 5, new SubRatings(5, 4, 3, 2));
        submit(shop, "nl", 2, new SubRatings(1, 2, 3, 4));
        submit(shop, "en", 4, new SubRatings(4, 4, 4, 4));
        assertTotalsMatchTheReviews(shop);
        assertAnswers(shop, 3, "3.67", 3, 2);

        // Every counted column changes one way or another: rating, quarantine, held, language, deletion, removal.
        long first = Db.count("select id from review where webshop_id = ? and email = ?", shop.id(), dutch.email());
        Db.update("update review set rating = 1, aftersale = 5 where id = ?", first);
        assertTotalsMatchTheReviews(shop);
        Db.update("update review set quarantine = true where id = ?", first);
        assertTotalsMatchTheReviews(shop);
        assertAnswers(shop, 2, "3.00", 3, 2);
        Db.update("update review set quarantine = false, held = true, language = 'de' where id = ?", first);
        assertTotalsMatchTheReviews(shop);
        Db.update("update review set held = false where id = ?", first);
        Db.update("update review set is_read = true, reaction = 'Dank u wel' where webshop_id = ?", shop.id());
        assertTotalsMatchTheReviews(shop);
        assertAnswers(shop, 3, "2.33", 3, 1);
        Db.update("update review set deleted_at = now() where id = ?", first);
        assertTotalsMatchTheReviews(shop);
        assertAnswers(shop, 2, "3.00", 2, 1);
        Db.update("delete from review where webshop_id = ? and language = 'en'", shop.id());
        assertTotalsMatchTheReviews(shop);
        assertAnswers(shop, 1, "2.00", 1, 1);
    }

    private static ReviewSubmitted submit(Fixtures.Shop shop, String language, int rating, SubRatings ratings) {
        ReviewSubmitted review = Fixtures.withLanguage(Fixtures.withRatings(
                Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), rating, ratings), language);
        Fixtures.submit(review);
        Fixtures.awaitReview(shop, review.email());
        return review;
    }

    /** The totals rows hold exactly what counting the webshop's reviews per language gives. */
    private static void assertTotalsMatchTheReviews(Fixtures.Shop shop) {
        String counted = "select coalesce(string_agg(language || ':' || visible || ':' || published || ':' || rating_sum || ':' "
                + "|| shippingtime_sum || ':' || customerservice_sum || ':' || pricequality_sum || ':' || aftersale_sum, ',' "
                + "order by language), '') from (%s) t where visible > 0";
        String fromTotals = counted.formatted("select * from review_totals where webshop_id = " + shop.id());
        String fromReviews = counted.formatted("select language, count(*) visible, count(*) filter (where p) published, "
                + "coalesce(sum(rating) filter (where p), 0) rating_sum, coalesce(sum(shippingtime) filter (where p), 0) shippingtime_sum, "
                + "coalesce(sum(customerservice) filter (where p), 0) customerservice_sum, "
                + "coalesce(sum(pricequality) filter (where p), 0) pricequality_sum, coalesce(sum(aftersale) filter (where p), 0) aftersale_sum "
                + "from (select *, not held and not quarantine p from review where webshop_id = " + shop.id()
                + " and deleted_at is null) r group by language");
        assertEquals(Db.text(fromReviews), Db.text(fromTotals));
    }

    private static void assertAnswers(Fixtures.Shop shop, int published, String average, int visible, int dutchVisible) {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().statusCode(200).body("data.amount", equalTo(published))
                .body("data.rating_average", equalTo(Float.parseFloat(average)));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings.json")
                .then().statusCode(200).body("total", equalTo(visible));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", "nl")
                .get("/api/1.0/ratings.json").then().statusCode(200).body("total", equalTo(dutchVisible));
    }
}
