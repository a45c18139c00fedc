package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** customers.erased on the real broker: the review links naming the address go, in scope; a deleted review keeps no name. */
@QuarkusTest
class ErasureTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @Test
    void anErasureDeletesTheShopsLinksOfTheAddressThenOneForEveryShopTheRestAndMalformedOnesAreDeadLettered() {
        String email = "Erase." + UUID.randomUUID().toString().substring(0, 8) + "@Example.com";
        Fixtures.Shop a = Fixtures.webshop("erase-a.example");
        Fixtures.Shop b = Fixtures.webshop("erase-b.example");
        String atA = announce(a.id(), email);
        String otherAddress = announce(a.id(), "someone." + UUID.randomUUID().toString().substring(0, 8) + "@example.com");
        String atB = announce(b.id(), email.toLowerCase());
        for (String ref : List.of(atA, otherAddress, atB)) {
            awaitStatus(ref, 200);
        }
        String hash = EmailHash.of(email);
        String shopA = erasure(UUID.randomUUID().toString(), a.id(), hash);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, shopA);
        awaitStatus(atA, 400);
        given().queryParam("ref", atA).get("/embed/review").then().body(containsString("not valid"));
        assertEquals(200, status(otherAddress), "another address's link stays");
        assertEquals(200, status(atB), "another webshop's link stays when one shop erases");

        String badHash = UUID.randomUUID().toString();
        String badShop = UUID.randomUUID().toString();
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, shopA);
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, erasure(badHash, a.id(), hash.toUpperCase()));
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, erasure(badShop, -3, hash));
        KafkaTestClient.send(Topics.CUSTOMERS_ERASED.name(), hash, erasure(UUID.randomUUID().toString(), 0, hash));
        awaitStatus(atB, 400);
        assertEquals(200, status(otherAddress));
        assertEquals(2, Db.count("select count(*) from dead_letter where channel = 'erasures' and state = 'pending' and "
                + "(convert_from(payload, 'UTF8') like ? or convert_from(payload, 'UTF8') like ?)", "%" + badHash + "%", "%" + badShop + "%"));
        assertFalse(KafkaTestClient.await(Topics.CUSTOMERS_ERASED.name() + ".dlq", r -> r.value().contains(badShop), 1,
                Duration.ofSeconds(30)).isEmpty());
    }

    @Test
    void aDeletedReviewKeepsNeitherTheReviewersNameNorTheText() {
        Fixtures.Shop shop = Fixtures.webshop("erase-review.example");
        long review = Fixtures.nextReviewId();
        Instant t = Instant.now();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), review, true, false, "Erika Erased", 4, "Erika's own words", t);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().get("/shop/" + shop.id() + "/en").then().body(containsString("Erika Erased")));
        // ratings-service announces the deletion with the review as it was
        Fixtures.reviewChanged(Topics.REVIEWS_DELETED.name(), shop.id(), review, false, false, "Erika Erased", 4, "Erika's own words",
                t.plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).until(() ->
                Db.count("select count(*) from shown_review where review_id = ? and not shown", review) == 1);
        assertEquals(0, Db.count("select count(*) from shown_review where review_id = ? and (name <> '' or comment is not null)", review));
        given().get("/shop/" + shop.id() + "/en").then().body(not(containsString("Erika")));
    }

    private static String erasure(String eventId, long webshopId, String hash) {
        return "{\"event_id\":\"%s\",\"type\":\"customer.erased\",\"occurred_at\":\"%s\",\"webshop_id\":%d,\"email_hash\":\"%s\",\"reference\":\"ref-%s\",\"requested_by\":\"operator\"}"
                .formatted(eventId, Instant.now(), webshopId, hash, eventId);
    }

    private static String announce(long webshopId, String email) {
        long invitationId = ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L);
        ReviewLink link = new ReviewLink(webshopId, invitationId, "ER-" + invitationId, email, "Erik", "nl",
                List.of(new ReviewLink.Product("P-1", "Blue Kettle", "https://shop.example/kettle", null, "SKU1", "1234567890123")),
                Instant.now().plus(Duration.ofDays(30)).getEpochSecond());
        String ref = LinkReferences.newReference();
        try {
            KafkaTestClient.send(Topics.REVIEW_LINKS.name(), String.valueOf(invitationId), JSON.writeValueAsString(
                    new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, Instant.now(), LinkReferences.hash(ref), link)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return ref;
    }

    private static int status(String ref) {
        return given().queryParam("ref", ref).get("/embed/review").statusCode();
    }

    private static void awaitStatus(String ref, int status) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> status(ref) == status);
    }
}
