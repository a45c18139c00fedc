package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Suspicious reviews are stored quarantined with the reason, hidden from the public and from the summary. */
@QuarkusTest
class QuarantineTest {

    @Test
    void linkInTheCommentQuarantinesTheReview() {
        assertQuarantined("Kijk op https://cheap-stuff.example/deal voor meer", "contains a link");
    }

    @Test
    void phoneNumberInTheCommentQuarantinesTheReview() {
        assertQuarantined("Bel me gerust op +31 6 1234 5678 als je vragen hebt", "contains a phone number");
    }

    @Test
    void emailAddressInTheCommentQuarantinesTheReview() {
        assertQuarantined("Mail mij op iemand@voorbeeld.nl voor details", "contains an e-mail address");
    }

    @Test
    void duplicateTextFromTheSameWebshopQuarantinesTheSecondReview() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String text = "Precies dezelfde tekst voor deze winkel " + Fixtures.letters(12);
        ReviewSubmitted first = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), text);
        Fixtures.submit(first);
        assertEquals(false, Fixtures.awaitReview(shop, first.email()).get("quarantine"));
        ReviewSubmitted second = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), "  " + text.toUpperCase());
        Fixtures.submit(second);

        assertEquals(true, Fixtures.awaitReview(shop, second.email()).get("quarantine"));
        assertEquals("duplicate text from the same webshop", reason(shop, second.email()));
    }

    @Test
    void burstFromOneClientAddressQuarantinesTheReviewsAboveTheLimit() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String client = "burst-" + Fixtures.letters(10);
        List<ReviewSubmitted> reviews = List.of(1, 2, 3, 4).stream()
                .map(i -> Fixtures.withClient(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), client)).toList();
        reviews.forEach(Fixtures::submit);

        Map<String, Object> fourth = Fixtures.awaitReview(shop, reviews.get(3).email());
        assertEquals(true, fourth.get("quarantine"));
        assertEquals("burst: more than 3 reviews from one client address within PT1H", reason(shop, reviews.get(3).email()));
        for (ReviewSubmitted early : reviews.subList(0, 3)) {
            assertEquals(false, Fixtures.awaitReview(shop, early.email()).get("quarantine"));
        }
    }

    private static void assertQuarantined(String comment, String expectedReason) {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), comment);
        Fixtures.submit(review);

        Map<String, Object> item = Fixtures.awaitReview(shop, review.email());
        assertEquals(true, item.get("quarantine"));
        assertEquals(expectedReason, reason(shop, review.email()));
        assertEquals(0, ReviewIngestionTest.publicRatings(shop).size(), "quarantined reviews are not public");
        await().atMost(Duration.ofSeconds(5)).until(() -> io.restassured.RestAssured.given()
                .queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .jsonPath().getInt("data.amount") == 0);
    }

    private static String reason(Fixtures.Shop shop, String email) {
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select quarantine_reason from review where webshop_id = ? and email = ?")) {
            statement.setLong(1, shop.id());
            statement.setString(2, email);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
