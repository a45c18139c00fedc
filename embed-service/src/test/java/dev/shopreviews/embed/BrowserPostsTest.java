package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The consent pop-up's and add-review pop-up's POSTs: events through the outbox, origin, rate limit, readable 400s. */
@QuarkusTest
class BrowserPostsTest {
    private static final String REVIEW = """
            {"rating":5,"ratings":{"shippingtime":5,"customerservice":4,"pricequality":4,"aftersale":3},
             "comment":"Quick and friendly","name":"Jan","email":"jan@example.com"}""";

    private static List<ConsumerRecord<String, String>> awaitOn(String topic, String text) {
        return KafkaTestClient.await(topic, r -> r.value() != null && r.value().contains(text), 1, Duration.ofSeconds(30));
    }

    @Test
    void writtenReviewInThePopUpRecordsConsentAndSubmitsAPopUpReviewTogether() {
        Fixtures.Shop shop = Fixtures.webshop("written.example");
        String order = "W-" + UUID.randomUUID();
        given().contentType(ContentType.JSON).header("Origin", "https://www.written.example").header("Accept-Language", "de-DE,de;q=0.9")
                .body("""
                        {"order_number":"%s","email":"jan@example.com","first_name":"Jan","invite_delay":3,"choice":"review_written",
                         "language":"en","review":%s}""".formatted(order, REVIEW))
                .post("/embed/" + shop.id() + "/consent")
                .then().statusCode(200).body("status", equalTo("success"))
                .header("Access-Control-Allow-Origin", "https://www.written.example");
        ConsumerRecord<String, String> consent = awaitOn(Topics.CONSENTS_RECORDED.name(), order).get(0);
        assertEquals(shop.id() + ":" + order, consent.key());
        assertTrue(consent.value().contains("\"choice\":\"review_written\"") && consent.value().contains("\"invite_delay_days\":3"), consent.value());
        ConsumerRecord<String, String> review = awaitOn(Topics.REVIEWS_SUBMITTED.name(), order).get(0);
        assertTrue(review.value().contains("\"origin\":\"popup\"") && review.value().contains("\"country\":\"DE\"")
                && review.value().contains("\"rating\":5") && review.value().contains("\"language\":\"en\""), review.value());
    }

    @Test
    void askMeLaterRecordsConsentWithTheDefaultDelayAndNoReview() {
        Fixtures.Shop shop = Fixtures.webshop("later.example");
        String order = "L-" + UUID.randomUUID();
        given().contentType(ContentType.JSON).header("Origin", "http://later.example")
                .body("{\"order_number\":\"%s\",\"choice\":\"ask_later\"}".formatted(order))
                .post("/embed/" + shop.id() + "/consent").then().statusCode(200);
        ConsumerRecord<String, String> consent = awaitOn(Topics.CONSENTS_RECORDED.name(), order).get(0);
        assertTrue(consent.value().contains("\"choice\":\"ask_later\"") && consent.value().contains("\"invite_delay_days\":5"), consent.value());
        assertTrue(KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(), r -> r.value().contains(order), 1, Duration.ofSeconds(3)).isEmpty());
    }

    @Test
    void addReviewFormSubmitsAnUnverifiedFormReview() {
        Fixtures.Shop shop = Fixtures.webshop("form.example");
        String marker = "Form review " + UUID.randomUUID();
        given().contentType(ContentType.JSON).header("Origin", "https://form.example")
                .body(REVIEW.replace("Quick and friendly", marker))
                .post("/embed/" + shop.id() + "/reviews").then().statusCode(200);
        ConsumerRecord<String, String> review = awaitOn(Topics.REVIEWS_SUBMITTED.name(), marker).get(0);
        assertTrue(review.value().contains("\"origin\":\"form\"") && review.value().contains("\"invitation_id\":null"), review.value());
    }

    @Test
    void controlCharactersAndWrappedRatingsAreRefusedAndNothingIsPublished() {
        Fixtures.Shop shop = Fixtures.webshop("hostile.example");
        String marker = "Hostile " + UUID.randomUUID();
        for (String[] attack : new String[][]{
                {"Quick and friendly", marker + " \\u0000 NUL in the comment", "Invalid value for comment: contains a control character."},
                {"Quick and friendly", marker + " \\ud800 lone surrogate", "Invalid value for comment: contains an invalid character."},
                {"\"name\":\"Jan\"", "\"name\":\"Jan\\u0085C1\"", "Invalid value for name: contains a control character."},
                {"jan@example.com", "jan@example.com\\r\\nBcc: x@example.com", "Invalid value for email: must be a single line."},
                {"\"rating\":5", "\"rating\":4294967301", "Invalid value for rating: expected an integer from 1 to 5."}}) {
            given().contentType(ContentType.JSON).header("Origin", "https://hostile.example")
                    .body(REVIEW.replace(attack[0], attack[1]).replace("Quick and friendly", marker))
                    .post("/embed/" + shop.id() + "/reviews").then().statusCode(400)
                    .body("status", equalTo("error")).body("message", equalTo(attack[2]));
        }
        assertTrue(KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(), r -> r.value().contains(marker), 1, Duration.ofSeconds(3)).isEmpty());
    }

    @Test
    void postFromAnotherSiteIsRefusedAndRecordsNothing() {
        Fixtures.Shop shop = Fixtures.webshop("own.example");
        String order = "X-" + UUID.randomUUID();
        for (String origin : new String[] {"https://evil.example", "https://own.example.evil.example", "null"}) {
            given().contentType(ContentType.JSON).header("Origin", origin)
                    .body("{\"order_number\":\"%s\",\"choice\":\"ask_later\"}".formatted(order))
                    .post("/embed/" + shop.id() + "/consent").then().statusCode(403)
                    .body("message", equalTo("This request must come from the webshop's own website."));
        }
        given().contentType(ContentType.JSON).body("{\"order_number\":\"%s\",\"choice\":\"ask_later\"}".formatted(order))
                .post("/embed/" + shop.id() + "/consent").then().statusCode(403);
        given().header("Origin", "https://evil.example").options("/embed/" + shop.id() + "/consent").then().statusCode(403);
        given().header("Origin", "https://own.example").header("Access-Control-Request-Method", "POST")
                .options("/embed/" + shop.id() + "/consent").then().statusCode(204)
                .header("Access-Control-Allow-Origin", "https://own.example").header("Access-Control-Allow-Headers", "Content-Type");
        assertTrue(KafkaTestClient.await(Topics.CONSENTS_RECORDED.name(), r -> r.value().contains(order), 1, Duration.ofSeconds(3)).isEmpty());
    }

    @Test
    void badInputIsRefusedWithAReadableMessage() {
        Fixtures.Shop shop = Fixtures.webshop("bad.example");
        String path = "/embed/" + shop.id() + "/consent";
        String[][] cases = {
                {"{\"choice\":\"ask_later\"}", "Invalid value for order_number: required, at most 255 characters."},
                {"{\"order_number\":\"1\",\"choice\":\"maybe\"}", "Invalid value for choice: expected review_written or ask_later."},
                {"{\"order_number\":\"1\",\"choice\":\"ask_later\",\"invite_delay\":\"soon\"}", "Invalid value for invite_delay: expected a number of days from 0 to 365."},
                {"{\"order_number\":\"1\",\"choice\":\"ask_later\",\"email\":\"not-an-address\"}", "Invalid value for email: expected a valid e-mail address."},
                {"{\"order_number\":\"1\",\"choice\":\"review_written\",\"review\":" + REVIEW.replace("\"rating\":5", "\"rating\":6") + "}", "Invalid value for rating: expected an integer from 1 to 5."},
                {"{\"order_number\":\"1\",\"choice\":\"review_written\",\"review\":" + REVIEW.replace("\"aftersale\":3", "\"aftersale\":4.5") + "}", "Invalid value for ratings.aftersale: expected an integer from 1 to 5."},
                {"{\"order_number\":\"1\",\"choice\":\"review_written\"}", "Invalid value for review: expected an object with rating, ratings, comment, name and email."},
                {"[1,2]", "The request body must be a JSON object."},
                {"{not json", "The request body is not valid JSON."},
        };
        for (String[] c : cases) {
            given().contentType(ContentType.JSON).header("Origin", "https://bad.example").body(c[0]).post(path)
                    .then().statusCode(400).body("status", equalTo("error")).body("message", equalTo(c[1]));
        }
        given().contentType(ContentType.JSON).header("Origin", "https://bad.example").body("{}").post("/embed/123456789012/consent")
                .then().statusCode(404).body("message", equalTo("Unknown webshop."));
    }

    @Test
    void tooManyPostsFromOneAddressForOneWebshopAreAnsweredWith429() {
        Fixtures.Shop shop = Fixtures.webshop("busy.example");
        Fixtures.Shop other = Fixtures.webshop("calm.example");
        int capacity = 12; // %test.shopreviews.rate-limit.capacity
        for (int i = 0; i < capacity; i++) {
            given().contentType(ContentType.JSON).header("Origin", "https://busy.example").body("{}")
                    .post("/embed/" + shop.id() + "/consent").then().statusCode(400);
        }
        given().contentType(ContentType.JSON).header("Origin", "https://busy.example").body("{}")
                .post("/embed/" + shop.id() + "/consent").then().statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("message", equalTo("Too many requests from this address for this webshop. Please wait a minute and try again."));
        given().contentType(ContentType.JSON).header("Origin", "https://calm.example").body("{}")
                .post("/embed/" + other.id() + "/consent").then().statusCode(400);
    }

    /**
     * The test client connects from the loopback gateway address (trusted): the right-most X-Forwarded-For entry is
     * the one the gateway added, so a new left-most value per request (written by the client itself) is no new client.
     */
    @Test
    void aClientCannotEscapeTheRateLimitByWritingItsOwnXForwardedFor() {
        Fixtures.Shop shop = Fixtures.webshop("spoofed.example");
        int capacity = 12; // %test.shopreviews.rate-limit.capacity
        for (int i = 0; i < capacity; i++) {
            given().contentType(ContentType.JSON).header("Origin", "https://spoofed.example").body("{}")
                    .header("X-Forwarded-For", "198.51.100." + i + ", 203.0.113.7")
                    .post("/embed/" + shop.id() + "/consent").then().statusCode(400);
        }
        given().contentType(ContentType.JSON).header("Origin", "https://spoofed.example").body("{}")
                .header("X-Forwarded-For", "198.51.100.99, 203.0.113.7")
                .post("/embed/" + shop.id() + "/consent").then().statusCode(429);
        given().contentType(ContentType.JSON).header("Origin", "https://spoofed.example").body("{}")
                .header("X-Forwarded-For", "203.0.113.8")
                .post("/embed/" + shop.id() + "/consent").then().statusCode(400);
    }
}
