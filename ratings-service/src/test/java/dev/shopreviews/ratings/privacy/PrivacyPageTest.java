package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reviewer's privacy page API (/privacy/api/reviews/): the address is the signed session cookie's; reads need
 * the session, changes also the page's header; only the address's own reviews are listed, changed and deleted, with
 * the review form's rules; every answer is no-store.
 */
@QuarkusTest
class PrivacyPageTest {
    private static final String BASE = "/privacy/api/reviews/";

    @Test
    void withoutAValidSessionOrThePageHeaderNothingIsShownOrChanged() {
        String forged = new PrivacySessions("another-key-of-at-least-thirty-two-chars!", Fixtures.MAPPER)
                .open("someone@example.com", Instant.now());
        String expired = new PrivacySessions(PrivacyFixtures.SESSION_KEY, Fixtures.MAPPER)
                .open("someone@example.com", Instant.now().minus(Duration.ofHours(1)));
        for (String path : List.of(BASE, BASE + "export")) {
            given().get(path).then().statusCode(401).header("Cache-Control", "no-store")
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Your privacy link has expired. Ask for a new one."));
            given().cookie(PrivacySessions.COOKIE, forged).get(path).then().statusCode(401);
            given().cookie(PrivacySessions.COOKIE, expired).get(path).then().statusCode(401);
            given().cookie(PrivacySessions.COOKIE, "garbage.value").get(path).then().statusCode(401);
        }
        String cookie = PrivacyFixtures.cookie("someone@example.com");
        given().cookie(PrivacySessions.COOKIE, cookie).contentType("application/json").body(edit(3, "x"))
                .put(BASE + "1").then().statusCode(403).header("Cache-Control", "no-store")
                .body("message", equalTo("This request must come from the privacy page."));
        given().cookie(PrivacySessions.COOKIE, cookie).delete(BASE + "1").then().statusCode(403);
        given().cookie(PrivacySessions.COOKIE, forged).header(PrivacySessions.CSRF_HEADER, "1").delete(BASE + "1")
                .then().statusCode(401);
    }

    @Test
    void theReviewerListsChangesAndDeletesOnlyTheirOwnReviews() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.Shop otherShop = Fixtures.webshop(false);
        String mine = PrivacyFixtures.address("mine");
        long here = PrivacyFixtures.review(shop, mine, ReviewSubmitted.ORIGIN_INVITATION);
        long there = PrivacyFixtures.review(otherShop, mine, ReviewSubmitted.ORIGIN_FORM);
        long someoneElses = PrivacyFixtures.review(shop, PrivacyFixtures.address("theirs"), ReviewSubmitted.ORIGIN_INVITATION);
        Db.update("update review set reaction = 'Dank u wel', reaction_at = now() where id = ?", here);
        String cookie = PrivacyFixtures.cookie(mine.toUpperCase());

        JsonPath listed = session(cookie).get(BASE).then().statusCode(200).header("Cache-Control", "no-store")
                .body("status", equalTo("success")).extract().jsonPath();
        assertEquals(List.of(there, here), listed.getList("reviews.id", Long.class), "newest first, every shop, only mine");
        Map<String, Object> first = listed.getMap("reviews.find { it.id == " + here + " }");
        assertEquals(shop.id(), ((Number) first.get("webshop_id")).longValue());
        assertEquals("Fixture Shop " + shop.id(), first.get("webshop_name"));
        assertEquals(true, first.get("verified"));
        assertEquals(true, first.get("published"));
        assertEquals(false, first.get("held"));
        assertEquals("Dank u wel", first.get("reaction"));
        assertEquals(Map.of("shippingtime", 5, "customerservice", 4, "pricequality", 3, "aftersale", 4), first.get("ratings"));
        assertEquals(1, ((List<?>) first.get("products")).size());

        JsonPath changed = session(cookie).header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json")
                .body(edit(2, "Later toch kapot gegaan, jammer.")).put(BASE + here).then().statusCode(200)
                .header("Cache-Control", "no-store").extract().jsonPath();
        assertEquals(2, changed.getInt("review.rating"));
        assertEquals("Later toch kapot gegaan, jammer.", changed.getString("review.comment"));
        Map<String, Object> shown = Fixtures.find(shop, r -> ((Number) r.get("id")).longValue() == here).orElseThrow();
        assertEquals(2, shown.get("rating"));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(), r -> r.value().contains("\"id\":" + here + ",")
                && r.value().contains("Later toch kapot gegaan"), 1, Duration.ofSeconds(30)).size());
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().body("data.rating_average", equalTo(3.0f));

        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json").body(edit(1, "Niet van mij"))
                .put(BASE + someoneElses).then().statusCode(404).body("message", equalTo("Review not found."));
        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").delete(BASE + someoneElses).then().statusCode(404);
        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").delete(BASE + "not-a-number").then().statusCode(404);
        assertEquals(1, Db.count("select count(*) from review where id = ? and deleted_at is null and rating = 4", someoneElses));

        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").delete(BASE + there).then().statusCode(200)
                .header("Cache-Control", "no-store").body("message", equalTo("Review deleted."));
        assertEquals(List.of(here), session(cookie).get(BASE).then().statusCode(200).extract().jsonPath()
                .getList("reviews.id", Long.class));
        assertEquals(0, Fixtures.ratings(otherShop).getInt("total"));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(), r -> r.value().contains("\"id\":" + there + ","),
                1, Duration.ofSeconds(30)).size());
        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").delete(BASE + there).then().statusCode(404);
        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json").body(edit(5, "Toch"))
                .put(BASE + there).then().statusCode(404);

        Db.update("insert into order_confirmation (webshop_id, order_number, email, confirmed_at) values (?, 'O-9', ?, now())",
                shop.id(), mine);
        Db.update("insert into reply_notification (review_id, recipient, created_at, next_try_at, sent_at) "
                + "values (?, ?, now(), now(), now())", here, mine);
        // An earlier erased review whose address is still kept for the shops' copies (retention table, 90 days).
        long erased = PrivacyFixtures.review(shop, PrivacyFixtures.address("blanked"), ReviewSubmitted.ORIGIN_INVITATION);
        Db.update("insert into erased_review_address (review_id, webshop_id, email, erased_at) values (?, ?, ?, now())",
                erased, shop.id(), mine.toUpperCase());
        JsonPath export = session(cookie).get(BASE + "export").then().statusCode(200).header("Cache-Control", "no-store")
                .extract().jsonPath();
        assertEquals(List.of(here, there), export.getList("reviews.id", Long.class), "deleted ones too");
        assertNull(export.getString("reviews.find { it.id == " + here + " }.deleted_at"));
        assertNotNull(export.getString("reviews.find { it.id == " + there + " }.deleted_at"));
        assertEquals(mine, export.getString("reviews[0].email"));
        assertEquals(1, export.getList("reviews[0].products").size());
        assertEquals(List.of("O-9"), export.getList("order_confirmations.order_number"));
        assertEquals(List.of(mine), export.getList("reply_notifications.recipient"));
        assertEquals(List.of(erased), export.getList("erased_reviews.review_id", Long.class),
                "an erased review's kept address is part of the export");
        assertTrue(!export.prettify().contains("theirs."), "nothing of another address");
    }

    @Test
    void changesFollowTheReviewFormsRules() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String mine = PrivacyFixtures.address("rules");
        long id = PrivacyFixtures.review(shop, mine, ReviewSubmitted.ORIGIN_INVITATION);
        String cookie = PrivacyFixtures.cookie(mine);
        Map<String, String> refused = Map.of(
                edit(6, "Te hoog"), "Invalid review: rating must be an integer from 1 to 5.",
                "{\"rating\":4,\"shippingtime\":0,\"customerservice\":4,\"pricequality\":4,\"aftersale\":4}",
                "Invalid review: ratings.shippingtime, customerservice, pricequality and aftersale must each be from 1 to 5.",
                "{\"rating\":\"4\",\"shippingtime\":4,\"customerservice\":4,\"pricequality\":4,\"aftersale\":4}",
                "Invalid value for rating: expected an integer from 1 to 5.",
                "{\"rating\":4.5,\"shippingtime\":4,\"customerservice\":4,\"pricequality\":4,\"aftersale\":4}",
                "Invalid value for rating: expected an integer from 1 to 5.",
                edit(4, "x".repeat(5001)), "Invalid review: comment is longer than 5000 characters.",
                "{\"rating\":4,\"shippingtime\":4,\"customerservice\":4,\"pricequality\":4,\"aftersale\":4,\"comment\":7}",
                "Invalid value for comment: expected a string or null.",
                "[1,2]", "Invalid request body: expected a JSON object with rating, shippingtime, customerservice, "
                        + "pricequality, aftersale and comment.",
                "{not json", "Invalid request body: expected a JSON object with rating, shippingtime, customerservice, "
                        + "pricequality, aftersale and comment.");
        refused.forEach((body, message) -> session(cookie).header(PrivacySessions.CSRF_HEADER, "1")
                .contentType("application/json").body(body).put(BASE + id).then().statusCode(400)
                .header("Cache-Control", "no-store").body("message", equalTo(message)));
        assertEquals(1, Db.count("select count(*) from review where id = ? and rating = 4 and comment like 'Snel geleverd%'", id));

        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json")
                .body("{\"rating\":5,\"shippingtime\":5,\"customerservice\":5,\"pricequality\":5,\"aftersale\":5,\"comment\":null}")
                .put(BASE + id).then().statusCode(200).body("review.comment", equalTo(null));
        session(cookie).header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json")
                .body(edit(4, "Kijk op www.goedkoper-elders.example voor korting")).put(BASE + id).then().statusCode(200)
                .body("review.quarantined", equalTo(true)).body("review.published", equalTo(false));
    }

    private static RequestSpecification session(String cookie) {
        return given().cookie(PrivacySessions.COOKIE, cookie);
    }

    private static String edit(int rating, String comment) {
        return Fixtures.json(Map.of("rating", rating, "shippingtime", 4, "customerservice", 4, "pricequality", 4,
                "aftersale", 4, "comment", comment));
    }
}
