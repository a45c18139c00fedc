package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spec 4.8: add review reply. */
@QuarkusTest
class ReviewRepliesTest {
    static Fixtures.Shop shop;

    @BeforeEach
    void shopWithReplyAccess() {
        if (shop == null) {
            shop = Fixtures.webshop(true);
        }
    }

    @Test
    void replyIsStoredTrimmedAsTheReactionAndAnnounced() throws Exception {
        ReviewSubmitted review = review(shop);
        long id = id(shop, review);

        reply(shop, "{\"review_id\":" + id + ",\"reply\":\"  Dank je wel!  \\n\"}").statusCode(200)
                .body("status", equalTo("success")).body("message", equalTo("Reply successfully added"));

        assertEquals("Dank je wel!", Fixtures.awaitReview(shop, review.email()).get("reaction"));
        List<ConsumerRecord<String, String>> updated = KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(),
                record -> record.value().contains(review.email()), 1, Duration.ofSeconds(30));
        assertEquals(1, updated.size());
        JsonNode event = Fixtures.MAPPER.readTree(updated.get(0).value());
        assertEquals("Dank je wel!", event.get("review").get("reaction").asText());
        assertEquals("reviews.updated", event.get("type").asText());
    }

    @Test
    void aShopOverItsDailyNotificationQuotaIsRefusedButMayStillReplyWithoutNotify() {
        Fixtures.Shop own = Fixtures.webshop(true);  // the test profile's quota is 3 a day
        for (int i = 0; i < 3; i++) {
            reply(own, "{\"review_id\":" + id(own, review(own)) + ",\"reply\":\"Dank!\",\"notify\":true}").statusCode(200);
        }
        ReviewSubmitted fourth = review(own);
        reply(own, "{\"review_id\":" + id(own, fourth) + ",\"reply\":\"Dank!\",\"notify\":true}").statusCode(429)
                .body("status", equalTo("error"))
                .body("message", equalTo("Daily reply notification quota reached for this webshop; reply without notify or try again tomorrow."));
        assertEquals("", Fixtures.awaitReview(own, fourth.email()).get("reaction"), "nothing stored when refused");
        reply(own, "{\"review_id\":" + id(own, fourth) + ",\"reply\":\"Dank!\",\"notify\":false}").statusCode(200);
    }

    @Test
    void aReplyWithANulCharacterIsRefusedAndNothingIsStored() {
        ReviewSubmitted review = review(shop);
        reply(shop, "{\"review_id\":" + id(shop, review) + ",\"reply\":\"Dank\\u0000je\"}").statusCode(400)
                .body("message", equalTo("Invalid value for reply: contains a control character."));
        assertEquals("", Fixtures.awaitReview(shop, review.email()).get("reaction"));
    }

    @Test
    void notifyTrueMailsTheReviewerAndNoNotifyMailsNobody() {
        ReviewSubmitted silent = review(shop);
        ReviewSubmitted notified = review(shop);
        reply(shop, "{\"review_id\":" + id(shop, silent) + ",\"reply\":\"Stil antwoord\",\"notify\":false}").statusCode(200);
        reply(shop, "{\"review_id\":" + id(shop, notified) + ",\"reply\":\"Bedankt voor je review!\",\"notify\":true}")
                .statusCode(200);

        List<Map<String, Object>> mails = await().atMost(Duration.ofSeconds(30))
                .until(() -> mails(notified.email()), found -> !found.isEmpty());
        assertEquals(1, mails.size());
        assertEquals("The shop replied to your review", mails.get(0).get("subject"));
        assertTrue(String.valueOf(mails.get(0).get("mimeMessage")).contains("Bedankt voor je review!"));
        assertTrue(mails(silent.email()).isEmpty(), "no notify, no mail (the notified mail went out after it)");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "not json|Invalid request body: expected a JSON object with review_id, reply and notify.",
            "[1,2]|Invalid request body: expected a JSON object with review_id, reply and notify.",
            "{\"reply\":\"x\"}|Invalid value for review_id: expected a positive integer.",
            "{\"review_id\":\"12\",\"reply\":\"x\"}|Invalid value for review_id: expected a positive integer.",
            "{\"review_id\":1.5,\"reply\":\"x\"}|Invalid value for review_id: expected a positive integer.",
            "{\"review_id\":1}|Invalid value for reply: expected a non-empty string.",
            "{\"review_id\":1,\"reply\":\"   \"}|Invalid value for reply: expected a non-empty string.",
            "{\"review_id\":1,\"reply\":42}|Invalid value for reply: expected a non-empty string.",
            "{\"review_id\":1,\"reply\":\"x\",\"notify\":\"yes\"}|Invalid value for notify: expected true or false.",
            "{\"review_id\":1,\"reply\":\"x\",\"notify\":1}|Invalid value for notify: expected true or false.",
            "{\"review_id\":1,\"reply\":\"x\",\"notify\":null}|Invalid value for notify: expected true or false."})
    void invalidBodyIs400WithTheReason(String body, String message) {
        reply(shop, body).statusCode(400).body("status", equalTo("error")).body("message", equalTo(message));
    }

    @Test
    void unknownReviewIs404() {
        reply(shop, "{\"review_id\":999999999,\"reply\":\"Hallo\"}").statusCode(404)
                .body("status", equalTo("error")).body("message", equalTo("Review not found."));
    }

    @Test
    void credentialsAndReplyAccessAre401() {
        given().queryParam("id", shop.id()).queryParam("code", "wrong").contentType(ContentType.JSON)
                .body("{\"review_id\":1,\"reply\":\"x\"}").post("/api/1.0/review_replies.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", shop.id()).contentType(ContentType.JSON)
                .body("{\"review_id\":1,\"reply\":\"x\"}").post("/api/1.0/review_replies.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
        Fixtures.Shop noAccess = Fixtures.webshop(false);
        ReviewSubmitted review = review(noAccess);
        reply(noAccess, "{\"review_id\":" + id(noAccess, review) + ",\"reply\":\"x\"}").statusCode(401)
                .body("message", equalTo("No access to review replies has been granted for this webshop."));
        assertEquals("", Fixtures.awaitReview(noAccess, review.email()).get("reaction"));
    }

    static ValidatableResponse reply(Fixtures.Shop shop, String body) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON)
                .body(body).post("/api/1.0/review_replies.json").then();
    }

    static ReviewSubmitted review(Fixtures.Shop shop) {
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(review);
        Fixtures.awaitReview(shop, review.email());
        return review;
    }

    static long id(Fixtures.Shop shop, ReviewSubmitted review) {
        return ((Number) Fixtures.awaitReview(shop, review.email()).get("id")).longValue();
    }

    static List<Map<String, Object>> mails(String email) {
        String api = ConfigProvider.getConfig().getValue("sr-test.mail-api", String.class);
        var response = given().get(api + "/api/user/" + email + "/messages/");
        return response.statusCode() == 200 ? response.jsonPath().getList("$") : List.of();
    }
}
