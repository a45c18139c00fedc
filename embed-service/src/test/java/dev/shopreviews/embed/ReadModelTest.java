package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/** The read model follows ratings.summary and the review topics (what sidebar.js carries shows it). */
@QuarkusTest
class ReadModelTest {

    private static String script(long id) {
        return given().queryParam("id", id).get("/sidebar.js").then().statusCode(200).extract().asString();
    }

    @Test
    void summaryOfTheWebshopIsShownAndAnOlderSummaryChangesNothing() {
        Fixtures.Shop shop = Fixtures.webshop("summary.example");
        Instant now = Instant.now();
        Fixtures.summary(shop.id(), 12, "4.26", now);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("\"score\":\"4.3\""),
                        containsString("\"amount\":12"), containsString("\"shippingtime\":\"4.1\"")));
        Fixtures.summary(shop.id(), 3, "2.00", now.minusSeconds(60));
        Fixtures.summary(shop.id(), 13, "4.40", now.plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("\"amount\":13")));
        org.junit.jupiter.api.Assertions.assertFalse(script(shop.id()).contains("\"amount\":3,"));
    }

    @Test
    void publishedReviewsAreShownAndHiddenQuarantinedOrDeletedOnesAreNot() {
        Fixtures.Shop shop = Fixtures.webshop("reviews.example");
        Instant t = Instant.now();
        long shown = Fixtures.nextReviewId();
        long held = Fixtures.nextReviewId();
        long quarantined = Fixtures.nextReviewId();
        long deleted = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), shown, true, false, "Anna Shown", 5, "Fast delivery", t);
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), held, false, false, "Henk Held", 4, "Held back", t);
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), quarantined, true, true, "Quinten Quarantine", 1, "call 0612345678", t);
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), deleted, true, false, "Dirk Deleted", 2, "Gone soon", t);
        Fixtures.reviewChanged(Topics.REVIEWS_DELETED.name(), shop.id(), deleted, false, false, "Dirk Deleted", 2, "Gone soon", t.plusSeconds(1));
        // a late, older update must not bring the deleted review back
        Fixtures.reviewChanged(Topics.REVIEWS_UPDATED.name(), shop.id(), deleted, true, false, "Dirk Deleted", 2, "Gone soon", t.minusSeconds(5));
        long marker = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), marker, true, false, "Mark Last", 4, "Marker", t.plusSeconds(2));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("Anna Shown"), containsString("Mark Last"),
                        not(containsString("Henk Held")), not(containsString("Quinten Quarantine")), not(containsString("Dirk Deleted"))));
    }

    @Test
    void aReviewThatBecomesUnpublishedDisappearsAndARedeliveredEventIsSkipped() {
        Fixtures.Shop shop = Fixtures.webshop("unpublish.example");
        Instant t = Instant.now();
        long id = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), id, true, false, "Petra Public", 5, "Lovely", t);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("Petra Public")));
        Fixtures.reviewChanged(Topics.REVIEWS_UPDATED.name(), shop.id(), id, false, true, "Petra Public", 5, "Lovely", t.plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(not(containsString("Petra Public"))));
    }

    @Test
    void anEventPostgresRefusesIsDeadLetteredAndTheEventsAfterItAreShown() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("poison.example");
        Instant t = Instant.now();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Bea Before", 5, "Fine", t);
        String poison = Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false,
                "Nul\u0000Name", 1, "A NUL PostgreSQL cannot store", t);
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Alex After", 4, "Fine too", t);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js")
                .then().body(containsString("Bea Before"), containsString("Alex After")));
        java.util.List<org.apache.kafka.clients.consumer.ConsumerRecord<String, String>> dead =
                dev.shopreviews.common.testing.KafkaTestClient.await(Topics.REVIEWS_CREATED.name() + ".dlq",
                        // only embed-service's: webhooks- and invitations-service read the topic too (their tests may run now)
                        record -> record.value().contains(poison) && record.value().contains("embed-service.reviews-created"),
                        1, Duration.ofSeconds(30));
        org.junit.jupiter.api.Assertions.assertTrue(dead.get(0).value().contains("embed-service.reviews-created"));
    }
}
