package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** reviews.submitted on the real broker: storage, flags, events out, dead letters, idempotency. */
@QuarkusTest
class ReviewIngestionTest {

    @Test
    void invitationReviewAppearsInRatingsSummaryAndFeedAndIsAnnouncedOnTheBroker() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.withProducts(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION),
                List.of(new ReviewSubmitted.ProductReview("sku-1", "Blue kettle", "https://shop.example/kettle", null,
                        "KET-1", "8712345678906", 5, "Kookt snel en is stil.")));
        Fixtures.submit(review);

        Map<String, Object> item = Fixtures.awaitReview(shop, review.email());
        assertEquals(true, item.get("verified"));
        assertEquals(false, item.get("quarantine"));
        assertEquals(review.comment(), item.get("comment"));

        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().statusCode(200).body(containsString("\"amount\":1"));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/product_reviews.xml")
                .then().statusCode(200).body(containsString("<content>Kookt snel en is stil.</content>"));

        List<ConsumerRecord<String, String>> created = KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(review.email()), 1, Duration.ofSeconds(30));
        assertEquals(1, created.size(), "reviews.created on the broker");
        JsonNode event = Fixtures.MAPPER.readTree(created.get(0).value());
        assertEquals(String.valueOf(shop.id()), created.get(0).key());
        assertEquals("reviews.created", event.get("type").asText());
        assertTrue(event.get("published").asBoolean());
        assertEquals(((Number) item.get("id")).longValue(), event.get("review").get("id").asLong());
        assertEquals(List.of("id", "name", "email", "order_number", "rating", "ratings", "comment", "date", "country",
                "language", "created", "read", "quarantine", "verified", "reaction"), fieldNames(event.get("review")));
        assertEquals(review.invitationId().longValue(), event.get("invitation_id").asLong(),
                "the invitation, beside the spec's rating item: a used link opens this review (embed-service)");
        JsonNode products = event.get("products");
        assertEquals(1, products.size(), "the product reviews, beside the spec's rating item (embed-service's product stars)");
        assertEquals("sku-1", products.get(0).get("product_id").asText());
        assertEquals("KET-1", products.get(0).get("sku").asText());
        assertEquals("8712345678906", products.get(0).get("gtin").asText());
        assertEquals("Blue kettle", products.get(0).get("name").asText());
        assertEquals(5, products.get(0).get("rating").asInt());
        assertEquals("Kookt snel en is stil.", products.get(0).get("text").asText());

        List<ConsumerRecord<String, String>> summaries = KafkaTestClient.await(Topics.RATINGS_SUMMARY.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 1, Duration.ofSeconds(30));
        assertEquals(1, summaries.size(), "ratings.summary on the broker");
        String summary = summaries.get(0).value();
        assertTrue(summary.contains("\"amount\":1,\"rating_average\":4.00,\"ratings_average\":{\"shippingtime\":5.00,"
                + "\"customerservice\":4.00,\"pricequality\":3.00,\"aftersale\":4.00}"), summary);
    }

    @Test
    void popupReviewIsHeldUntilTheShopConfirmsTheOrder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.withProducts(Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP),
                List.of(new ReviewSubmitted.ProductReview("sku-2", "Red mug", null, null, "MUG-2", null, 4, "Nice mug.")));
        Fixtures.submit(review);

        Map<String, Object> held = Fixtures.awaitReview(shop, review.email());
        assertEquals(false, held.get("verified"));
        assertEquals(0, publicRatings(shop).size(), "a held review is not public");
        List<ConsumerRecord<String, String>> created = KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(review.email()), 1, Duration.ofSeconds(30));
        assertFalse(Fixtures.MAPPER.readTree(created.get(0).value()).get("published").asBoolean());

        Fixtures.confirmOrder(shop, review.orderNumber(), review.email());

        await().atMost(Duration.ofSeconds(30)).until(() -> publicRatings(shop).size() == 1);
        assertEquals(true, Fixtures.awaitReview(shop, review.email()).get("verified"));
        List<ConsumerRecord<String, String>> updated = KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(),
                record -> record.value().contains(review.email()), 1, Duration.ofSeconds(30));
        JsonNode event = Fixtures.MAPPER.readTree(updated.get(0).value());
        assertTrue(event.get("published").asBoolean());
        assertTrue(event.get("review").get("verified").asBoolean());
        assertEquals("MUG-2", event.get("products").get(0).get("sku").asText(),
                "reviews.updated carries the review's stored product reviews");
    }

    @Test
    void orderConfirmedBeforeThePopupReviewVerifiesItAtOnce() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP);
        Fixtures.confirmOrder(shop, review.orderNumber(), review.email());
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from order_confirmation where webshop_id = ? and order_number = ?",
                shop.id(), review.orderNumber()) == 1);
        Fixtures.submit(review);

        Map<String, Object> item = Fixtures.awaitReview(shop, review.email());
        assertEquals(true, item.get("verified"));
        assertEquals(1, publicRatings(shop).size(), "published at once");
    }

    @Test
    void formReviewIsPublicButNotVerified() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(review);

        assertEquals(false, Fixtures.awaitReview(shop, review.email()).get("verified"));
        assertEquals(1, publicRatings(shop).size());
    }

    @Test
    void invalidEventGoesToTheDeadLetterTopicWithItsReasonAndTheNextValidOneIsStillStored() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted invalid = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), 6,
                new SubRatings(5, 5, 5, 5));
        ReviewSubmitted valid = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(invalid);
        Fixtures.submitRaw(shop.id(), "{not json");
        Fixtures.submit(valid);

        Fixtures.awaitReview(shop, valid.email());
        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(Topics.deadLettersOf(Topics.REVIEWS_SUBMITTED.name()),
                record -> record.value().contains(invalid.eventId()), 1, Duration.ofSeconds(30));
        assertEquals(1, dead.size());
        JsonNode letter = Fixtures.MAPPER.readTree(dead.get(0).value());
        assertEquals("rating must be an integer from 1 to 5", letter.get("reason").asText());
        assertEquals("ratings-service.reviews-submitted", letter.get("consumer").asText());
        assertTrue(letter.get("payload").asText().contains(invalid.eventId()));
        assertEquals(String.valueOf(shop.id()), dead.get(0).key());
        assertTrue(Fixtures.find(shop, r -> invalid.email().equals(r.get("email"))).isEmpty());

        List<ConsumerRecord<String, String>> malformed = KafkaTestClient.await(Topics.deadLettersOf(Topics.REVIEWS_SUBMITTED.name()),
                record -> record.value().contains("{not json"), 1, Duration.ofSeconds(30));
        assertEquals(1, malformed.size());
        assertEquals("malformed JSON", Fixtures.MAPPER.readTree(malformed.get(0).value()).get("reason").asText());
    }

    @Test
    void redeliveredEventIsStoredOnce() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(review);
        Fixtures.submit(review);
        ReviewSubmitted barrier = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(barrier);

        Fixtures.awaitReview(shop, barrier.email());
        assertEquals(2, Fixtures.ratings(shop).getInt("total"));
    }

    @Test
    void reviewOfAnUnknownWebshopIsDeadLettered() throws Exception {
        Fixtures.Shop ghost = new Fixtures.Shop(4_242_424_242_424L, "x", "y");
        ReviewSubmitted review = Fixtures.review(ghost, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(review);
        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(Topics.deadLettersOf(Topics.REVIEWS_SUBMITTED.name()),
                record -> record.value().contains(review.eventId()), 1, Duration.ofSeconds(30));
        assertEquals(1, dead.size());
        assertEquals("unknown webshop 4242424242424", Fixtures.MAPPER.readTree(dead.get(0).value()).get("reason").asText());
    }

    @Test
    void reviewOfADeactivatedWebshopIsDeadLetteredWhileAnActiveShopsReviewIsStored() throws Exception {
        Fixtures.Shop closed = Fixtures.webshop(false);
        Fixtures.Shop open = Fixtures.webshop(false);
        Db.update("update webshop_replica set active = false where id = ?", closed.id());
        ReviewSubmitted refused = Fixtures.review(closed, ReviewSubmitted.ORIGIN_FORM);
        ReviewSubmitted taken = Fixtures.review(open, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submitAll(List.of(refused, taken));

        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(Topics.deadLettersOf(Topics.REVIEWS_SUBMITTED.name()),
                record -> record.value().contains(refused.eventId()), 1, Duration.ofSeconds(30));
        assertEquals("webshop " + closed.id() + " deactivated", Fixtures.MAPPER.readTree(dead.get(0).value()).get("reason").asText());
        Fixtures.awaitReview(open, taken.email());
        assertEquals(0, Db.count("select count(*) from review where webshop_id = ?", closed.id()));
    }

    static List<Map<String, Object>> publicRatings(Fixtures.Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode()).queryParam("limit", 100)
                .get("/api/1.0/ratings.json").then().statusCode(200).extract().jsonPath().getList("ratings");
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
