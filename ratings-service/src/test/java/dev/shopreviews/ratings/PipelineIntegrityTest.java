package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No record can stop a consumer of ratings-service: a poison record between two good ones on the real broker is
 * dead-lettered (table and {@code <topic>.dlq}) and the good one after it is applied; dead letters are replayed once
 * through the operator's admin API. And "verified" follows the shop's own confirmation of order AND e-mail address.
 */
@QuarkusTest
class PipelineIntegrityTest {
    private static final String OPERATOR = "Bearer test-operator-token";

    @Test
    void reviewWithANulCharacterIsDeadLetteredAndTheReviewsAfterItAreStored() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted before = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        ReviewSubmitted poison = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), "Bad\u0000review text here");
        ReviewSubmitted after = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submitAll(List.of(before, poison, after));

        Fixtures.awaitReview(shop, after.email());
        Fixtures.awaitReview(shop, before.email());
        assertTrue(Fixtures.find(shop, r -> poison.email().equals(r.get("email"))).isEmpty());
        JsonNode letter = deadLetterWith(Topics.REVIEWS_SUBMITTED.name(), poison.eventId());
        assertEquals("Invalid value for comment: contains a control character.", letter.get("reason").asText());
        assertEquals(1, Db.count("select count(*) from dead_letter where channel = 'reviews-submitted' and state = 'pending' "
                + "and convert_from(payload, 'UTF8') like ?", "%" + poison.eventId() + "%"));
    }

    @Test
    void ratingBeyondTheIntRangeIsRefusedNotWrappedToFive() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        ObjectNode tree = Fixtures.tree(review);
        tree.put("rating", 4_294_967_301L);
        Fixtures.submitRaw(shop.id(), tree.toString());
        ReviewSubmitted after = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(after);

        Fixtures.awaitReview(shop, after.email());
        assertEquals("rating must be an integer from 1 to 5",
                deadLetterWith(Topics.REVIEWS_SUBMITTED.name(), review.eventId()).get("reason").asText());
        assertTrue(Fixtures.find(shop, r -> review.email().equals(r.get("email"))).isEmpty());
    }

    @Test
    void webshopSnapshotPostgresRefusesIsDeadLetteredAndTheNextWebshopIsReplicated() throws Exception {
        long poisonId = 7_000_000_000_000L + System.nanoTime() % 1_000_000_000L;
        ObjectNode snapshot = Fixtures.tree(snapshot(poisonId));
        snapshot.put("name", "N".repeat(300));  // webshop_replica.name is varchar(255): PostgreSQL refuses it (22001)
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(poisonId), snapshot.toString());

        Fixtures.Shop next = Fixtures.webshop(false);  // waits until it is replicated

        JsonNode letter = deadLetterWith(Topics.WEBSHOPS.name(), "N".repeat(300));
        assertEquals("could not be applied", letter.get("reason").asText());
        assertTrue(letter.get("error").asText().contains("22001") || letter.get("error").asText().contains("too long"),
                letter.get("error").asText());
        assertEquals(0, Db.count("select count(*) from webshop_replica where id = ?", poisonId));
        assertTrue(next.id() > 0);
    }

    @Test
    void malformedOrderConfirmationIsDeadLetteredAndTheNextOneIsApplied() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP);
        Fixtures.submit(review);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from review where webshop_id = ? and held", shop.id()) == 1);
        String poisonId = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.ORDERS_CONFIRMED.name(), String.valueOf(shop.id()),
                "{\"event_id\":\"" + poisonId + "\",\"webshop_id\":\"not a number\"");
        Fixtures.confirmOrder(shop, review.orderNumber(), review.email());

        await().atMost(Duration.ofSeconds(30)).until(() -> Boolean.TRUE.equals(
                Fixtures.awaitReview(shop, review.email()).get("verified")));
        assertTrue(deadLetterWith(Topics.ORDERS_CONFIRMED.name(), poisonId).get("reason").asText().startsWith("malformed"));
    }

    /** The consumer reads a confirmation with the reviews' own field rules (common EmailAddress, OrderNumber). */
    @Test
    void aConfirmationWhoseAddressTheCoreWouldRefuseInAReviewIsDeadLetteredAndAValidOneStillVerifies() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP);
        Fixtures.submit(review);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from review where webshop_id = ? and held", shop.id()) == 1);
        String unusable = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.ORDERS_CONFIRMED.name(), String.valueOf(shop.id()), Fixtures.json(new OrderConfirmed(
                unusable, OrderConfirmed.TYPE, java.time.Instant.now(), shop.id(), review.orderNumber(), "j\u00fcrgen@example.com")));
        String tooLong = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.ORDERS_CONFIRMED.name(), String.valueOf(shop.id()), Fixtures.json(new OrderConfirmed(
                tooLong, OrderConfirmed.TYPE, java.time.Instant.now(), shop.id(), "A".repeat(256), review.email())));
        // surrounding spaces are trimmed as before
        Fixtures.confirmOrder(shop, " " + review.orderNumber() + " ", " " + review.email() + " ");

        await().atMost(Duration.ofSeconds(30)).until(() -> Boolean.TRUE.equals(
                Fixtures.awaitReview(shop, review.email()).get("verified")));
        assertEquals("incomplete order confirmation: email is not a valid e-mail address",
                deadLetterWith(Topics.ORDERS_CONFIRMED.name(), unusable).get("reason").asText());
        assertEquals("incomplete order confirmation: order_number is longer than 255 characters",
                deadLetterWith(Topics.ORDERS_CONFIRMED.name(), tooLong).get("reason").asText());
    }

    @Test
    void reviewOfAWebshopNotYetReplicatedIsAppliedOnceWhenTheWebshopArrives() throws Exception {
        long id = 8_000_000_000_000L + System.nanoTime() % 1_000_000_000L;
        Fixtures.Shop early = new Fixtures.Shop(id, "x", "y");
        ReviewSubmitted review = Fixtures.review(early, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(review);
        JsonNode letter = deadLetterWith(Topics.REVIEWS_SUBMITTED.name(), review.eventId());
        assertEquals("unknown webshop " + id, letter.get("reason").asText());
        long letterId = letter.get("dead_letter_id").asLong();

        given().header("Authorization", "Bearer wrong").post("/admin/dead-letters/" + letterId + "/replay")
                .then().statusCode(401);
        JsonPath listed = given().header("Authorization", OPERATOR).get("/admin/dead-letters")
                .then().statusCode(200).extract().jsonPath();
        assertTrue(listed.getList("dead_letters.id", Long.class).contains(letterId));
        given().header("Authorization", OPERATOR).post("/admin/dead-letters/" + letterId + "/replay")
                .then().statusCode(422).body("status", org.hamcrest.Matchers.equalTo("error"));

        String code = "code-" + UUID.randomUUID();
        WebshopSnapshot snapshot = snapshot(id, code);
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(id), Fixtures.json(snapshot));
        Fixtures.Shop shop = new Fixtures.Shop(id, code, snapshot.publicCode());
        await().atMost(Duration.ofSeconds(30)).until(() -> given().queryParam("id", id).queryParam("code", code)
                .get("/api/1.0/ratings_summary.json").statusCode() == 200);

        Fixtures.awaitReview(shop, review.email());
        await().atMost(Duration.ofSeconds(30)).until(() -> "replayed".equals(given().header("Authorization", OPERATOR)
                .get("/admin/dead-letters/" + letterId).then().statusCode(200).extract().jsonPath().getString("data.state")));
        given().header("Authorization", OPERATOR).post("/admin/dead-letters/" + letterId + "/replay")
                .then().statusCode(409);
        given().header("Authorization", OPERATOR).post("/admin/dead-letters/" + letterId + "/discard")
                .then().statusCode(409);
        assertEquals(1, Fixtures.ratings(shop).getInt("total"), "applied exactly once");
    }

    @Test
    void aConfirmationForAnotherEmailAddressNeverVerifiesAPopupReview() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted forged = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP), 1,
                new SubRatings(1, 1, 1, 1));
        Fixtures.submit(forged);
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from review where webshop_id = ? and held", shop.id()) == 1);

        Fixtures.confirmOrder(shop, forged.orderNumber(), "real.customer@example.com");
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from order_confirmation where webshop_id = ? and email = 'real.customer@example.com'",
                shop.id()) == 1);
        Map<String, Object> review = Fixtures.awaitReview(shop, forged.email());
        assertEquals(false, review.get("verified"));
        assertEquals(0, ReviewIngestionTest.publicRatings(shop).size(), "still held");

        ReviewSubmitted later = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP), 1,
                new SubRatings(1, 1, 1, 1));
        Fixtures.submit(withOrder(later, forged.orderNumber()));
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from review where webshop_id = ? and held", shop.id()) == 2);
        assertEquals(0, ReviewIngestionTest.publicRatings(shop).size(), "a confirmed order does not verify other addresses");
    }

    @Test
    void anOrderGetsOneVerifiedReviewHoweverManyPopupReviewsNameIt() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted first = Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP);
        ReviewSubmitted second = withOrder(Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP),
                "Een tweede review van dezelfde bestelling " + Fixtures.letters(12)), first.orderNumber());
        ReviewSubmitted same = new ReviewSubmitted(second.eventId(), second.type(), second.occurredAt(), second.webshopId(),
                second.origin(), null, second.orderNumber(), second.name(), first.email(), second.country(),
                second.language(), 1, new SubRatings(1, 1, 1, 1), second.comment(), List.of(), second.clientAddress());
        Fixtures.submitAll(List.of(first, same));
        await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from review where webshop_id = ? and held", shop.id()) == 2);

        Fixtures.confirmOrder(shop, first.orderNumber(), first.email().toUpperCase());
        await().atMost(Duration.ofSeconds(30)).until(() -> ReviewIngestionTest.publicRatings(shop).size() == 1);
        assertEquals(1, Db.count("select count(*) from review where webshop_id = ? and verified", shop.id()));
        assertEquals(1, Db.count("select count(*) from review where webshop_id = ? and held", shop.id()));
    }

    @Test
    void anInvitationLinkUsedTwiceEditsItsOneReview() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted first = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(first);
        Fixtures.awaitReview(shop, first.email());
        ReviewSubmitted again = new ReviewSubmitted(UUID.randomUUID().toString(), first.type(), Instant.now(),
                first.webshopId(), first.origin(), first.invitationId(), first.orderNumber(), first.name(), first.email(),
                first.country(), first.language(), 2, new SubRatings(2, 2, 2, 2), "Toch minder tevreden dan gedacht",
                List.of(), first.clientAddress());
        Fixtures.submit(again);

        List<ConsumerRecord<String, String>> updated = KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(),
                record -> record.value().contains("Toch minder tevreden"), 1, Duration.ofSeconds(30));
        assertFalse(updated.isEmpty());
        JsonPath ratings = Fixtures.ratings(shop);
        assertEquals(1, ratings.getInt("total"), "one review per invitation");
        assertEquals(2, ratings.getInt("ratings[0].rating"));
        assertEquals(true, ratings.getBoolean("ratings[0].verified"));
    }

    private static ReviewSubmitted withOrder(ReviewSubmitted r, String orderNumber) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                orderNumber, r.name(), r.email(), r.country(), r.language(), r.rating(), r.ratings(), r.comment(),
                r.products(), r.clientAddress());
    }

    private static WebshopSnapshot snapshot(long id) {
        return snapshot(id, "code-" + id);
    }

    private static WebshopSnapshot snapshot(long id, String code) {
        return new WebshopSnapshot(UUID.randomUUID().toString(), WebshopSnapshot.TYPE, Instant.now(), id, 1,
                dev.shopreviews.common.auth.Codes.sha256Hex(code), "pub" + id % 100000, "Shop " + id,
                "https://shop" + id + ".example/", "nl", List.of("nl"), false, true, List.of("shop" + id + ".example"),
                new WebshopSnapshot.Address("Damrak", "1", "1012 LG", "Amsterdam", "Netherlands"),
                "https://shop" + id + ".example/favicon.png", "#003366", null, null, Map.of(), Instant.now());
    }

    /**
     * This service's dead letter on {@code <topic>.dlq} whose payload contains {@code contained} (other services'
     * tests, which may run at the same time, dead-letter a poison record of a shared topic too).
     */
    static JsonNode deadLetterWith(String topic, String contained) throws Exception {
        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(topic + ".dlq",
                record -> record.value().contains(contained) && record.value().contains("\"consumer\":\"ratings-service."),
                1, Duration.ofSeconds(30));
        assertEquals(1, dead.size(), "dead letter with " + contained);
        return Fixtures.MAPPER.readTree(dead.get(0).value());
    }

}
