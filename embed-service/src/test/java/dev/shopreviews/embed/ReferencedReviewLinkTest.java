package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The review form opened by the opaque reference of an invitation e-mail (issue 21): embed-service knows the link
 * only from topic review-links, by the reference's hash; revoked, expired, unknown and malformed references are
 * refused with a page, and an unusable announcement is dead-lettered without stopping the channel.
 */
@QuarkusTest
class ReferencedReviewLinkTest {
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @TestHTTPResource("/")
    URL root;

    @Test
    void anAnnouncedReferenceOpensTheFormAndItsPostPublishesTheInvitationsReview() {
        Fixtures.Shop shop = Fixtures.webshop("referenced.example");
        long invitationId = nextInvitationId();
        String order = "REF-" + UUID.randomUUID();
        String ref = announce(link(shop.id(), invitationId, order, Instant.now().plus(Duration.ofDays(90))));

        awaitStatus(ref, 200);
        given().queryParam("ref", ref).get("/embed/review").then().statusCode(200)
                .body(containsString("Blue Kettle"), containsString("name=\"ref\" value=\"" + ref + "\""),
                        not(containsString("name=\"token\"")), not(containsString("klant@example.com")));
        given().header("Origin", "http://" + root.getHost() + ":" + root.getPort()).formParam("ref", ref)
                .formParam("rating", "4").formParam("shippingtime", "4").formParam("customerservice", "5")
                .formParam("pricequality", "4").formParam("aftersale", "3").formParam("name", "Kees")
                .formParam("product_rating_0", "5")
                .post("/embed/review").then().statusCode(200).body(containsString("Bedankt voor je review"));

        List<ConsumerRecord<String, String>> found = KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(),
                record -> record.value().contains(order), 1, Duration.ofSeconds(30));
        assertEquals(1, found.size());
        String value = found.get(0).value();
        assertTrue(value.contains("\"invitation_id\":" + invitationId) && value.contains("\"email\":\"klant@example.com\"")
                && value.contains("\"origin\":\"invitation\"") && value.contains("\"product_id\":\"P-1\""), value);
    }

    @Test
    void aLinkOpenedBeforeItsAnnouncementArrivedOpensTheFormOnceItDoes() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("early-link.example");
        long invitationId = nextInvitationId();
        String ref = LinkReferences.newReference();
        // The customer opens the e-mail's link before embed-service has read the link's announcement.
        CompletableFuture<io.restassured.response.Response> opened = CompletableFuture.supplyAsync(
                () -> given().queryParam("ref", ref).get("/embed/review"));
        // the page waits for the announcement instead of refusing the link: still no answer throughout 0.4 s
        await().during(Duration.ofMillis(400)).atMost(Duration.ofSeconds(1)).until(() -> !opened.isDone());
        send(invitationId, new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, Instant.now(),
                LinkReferences.hash(ref), link(shop.id(), invitationId, "O-EARLY", Instant.now().plus(Duration.ofDays(90)))));
        io.restassured.response.Response page = opened.get(30, TimeUnit.SECONDS);
        assertEquals(200, page.statusCode(), page.asString());
        assertTrue(page.asString().contains("Blue Kettle"), page.asString());
    }

    @Test
    void aClientThatUsedUpItsWaitsIsAnsweredAtOnceWhileAnotherClientStillWaits() throws Exception {
        ExecutorService browsers = Executors.newFixedThreadPool(8);
        try {
            String prober = "203.0.113.77";
            // five made-up references held together: the prober's whole budget (shopreviews.link-wait.per-client)
            List<CompletableFuture<io.restassured.response.Response>> probes = IntStream.range(0, 5)
                    .mapToObj(i -> open(LinkReferences.newReference(), prober, browsers)).toList();
            for (CompletableFuture<io.restassured.response.Response> probe : probes) {
                assertEquals(400, probe.get(30, TimeUnit.SECONDS).statusCode());
            }
            Fixtures.Shop shop = Fixtures.webshop("link-wait.example");
            long invitationId = nextInvitationId();
            String ref = LinkReferences.newReference();
            CompletableFuture<io.restassured.response.Response> refused = open(ref, prober, browsers);
            CompletableFuture<io.restassured.response.Response> customer = open(ref, "203.0.113.78", browsers);
            // the prober is not held (a waiting request takes 3 s), the customer is
            await().atMost(Duration.ofSeconds(2)).until(refused::isDone);
            assertEquals(400, refused.get().statusCode());
            assertTrue(!customer.isDone(), "the other client still waits for the announcement");
            send(invitationId, new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, Instant.now(),
                    LinkReferences.hash(ref), link(shop.id(), invitationId, "O-WAIT", Instant.now().plus(Duration.ofDays(90)))));
            assertEquals(200, customer.get(30, TimeUnit.SECONDS).statusCode());
        } finally {
            browsers.shutdownNow();
        }
    }

    private static CompletableFuture<io.restassured.response.Response> open(String ref, String client, ExecutorService browsers) {
        return CompletableFuture.supplyAsync(() -> given().header("X-Forwarded-For", client).queryParam("ref", ref)
                .get("/embed/review"), browsers);
    }

    @Test
    void aRevokedReferenceAnExpiredOneAndAnUnknownOneAreRefusedWithAPage() {
        Fixtures.Shop shop = Fixtures.webshop("revoked.example");
        long invitationId = nextInvitationId();
        String ref = announce(link(shop.id(), invitationId, "O-R", Instant.now().plus(Duration.ofDays(90))));
        awaitStatus(ref, 200);
        send(invitationId, new ReviewLinkRevoked(UUID.randomUUID().toString(), ReviewLinkRevoked.TYPE, Instant.now(),
                shop.id(), invitationId));
        awaitStatus(ref, 400);
        given().queryParam("ref", ref).get("/embed/review").then().body(containsString("not valid"));
        given().formParam("ref", ref).formParam("rating", "5").post("/embed/review").then().statusCode(400);

        String expired = announce(link(shop.id(), nextInvitationId(), "O-E", Instant.now().minusSeconds(5)));
        awaitStatus(expired, 410);

        given().queryParam("ref", LinkReferences.newReference()).get("/embed/review").then().statusCode(400)
                .body(containsString("not valid"), not(containsString("Exception")));
        given().queryParam("ref", "../../etc/passwd").get("/embed/review").then().statusCode(400);
        given().queryParam("ref", "").get("/embed/review").then().statusCode(400);
    }

    @Test
    void anUnusableAnnouncementIsDeadLetteredAndTheNextLinkStillArrives() {
        Fixtures.Shop shop = Fixtures.webshop("poison-link.example");
        long poisoned = nextInvitationId();
        KafkaTestClient.send(Topics.REVIEW_LINKS.name(), String.valueOf(poisoned), "{\"type\":\"review_link.issued\",\"ref_hash\":\"x\"}");
        KafkaTestClient.send(Topics.REVIEW_LINKS.name(), String.valueOf(poisoned), "not json\u0000");
        long invitationId = nextInvitationId();
        String ref = announce(link(shop.id(), invitationId, "O-P", Instant.now().plus(Duration.ofDays(1))));
        awaitStatus(ref, 200);
        assertEquals(2, Db.count("select count(*) from dead_letter where channel = 'review-links' and record_key = ?",
                String.valueOf(poisoned)));
    }

    @Test
    void aUsedLinkOpensItsReviewToChangeWithinTheEditWindowAndNotAfter() {
        Fixtures.Shop shop = Fixtures.webshop("used-link.example");
        long invitationId = nextInvitationId();
        String ref = announce(link(shop.id(), invitationId, "O-U", Instant.now().plus(Duration.ofDays(90))));
        awaitStatus(ref, 200);
        given().queryParam("ref", ref).get("/embed/review").then().body(not(containsString("Je hebt deze bestelling beoordeeld")));

        String today = java.time.LocalDateTime.now(java.time.ZoneOffset.UTC).withNano(0).toString().replace('T', ' ');
        reviewWritten(shop.id(), Fixtures.nextReviewId(), invitationId, today);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> given()
                .queryParam("ref", ref).get("/embed/review").asString().contains("Je hebt deze bestelling beoordeeld"));
        given().queryParam("ref", ref).get("/embed/review").then().statusCode(200)
                .body(containsString("<option value=\"2\" selected>2</option>"), containsString("Kettle was loud"),
                        containsString("value=\"Kees K.\""), containsString("Je kunt je review wijzigen tot "
                                + java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(14)));

        long older = nextInvitationId();
        String oldRef = announce(link(shop.id(), older, "O-V", Instant.now().plus(Duration.ofDays(90))));
        reviewWritten(shop.id(), Fixtures.nextReviewId(), older, "2020-01-02 10:00:00");
        awaitStatus(oldRef, 410);
        given().queryParam("ref", oldRef).get("/embed/review").then().body(containsString("kan niet meer worden gewijzigd"));
        given().formParam("ref", oldRef).formParam("rating", "5").post("/embed/review").then().statusCode(410);
    }

    /** ratings-service's reviews.created for a review written through the invitation (held: not shown publicly). */
    private static void reviewWritten(long webshopId, long reviewId, long invitationId, String created) {
        String json = """
                {"event_id":"%s","type":"reviews.created","occurred_at":"%s","webshop_id":%d,"published":false,
                 "invitation_id":%d,
                 "review":{"id":%d,"name":"Kees K.","email":"klant@example.com","order_number":"O-U","rating":2,
                  "ratings":{"shippingtime":3,"customerservice":4,"pricequality":2,"aftersale":1},"comment":"Kettle was loud",
                  "date":"%s","country":"NL","language":"nl","created":"%s","read":false,
                  "quarantine":false,"verified":true,"reaction":""}}
                """.formatted(UUID.randomUUID(), Instant.now(), webshopId, invitationId, reviewId, created.substring(0, 10), created);
        KafkaTestClient.send(Topics.REVIEWS_CREATED.name(), String.valueOf(webshopId), json);
    }

    private static ReviewLink link(long webshopId, long invitationId, String order, Instant expiresAt) {
        return new ReviewLink(webshopId, invitationId, order, "klant@example.com", "Kees", "nl",
                List.of(new ReviewLink.Product("P-1", "Blue Kettle", "https://shop.example/kettle", null, "SKU1", "1234567890123")),
                expiresAt.getEpochSecond());
    }

    /** Announces the link as invitations-service does; answers the reference (which only the e-mail would carry). */
    private static String announce(ReviewLink link) {
        String ref = LinkReferences.newReference();
        send(link.invitationId(), new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, Instant.now(),
                LinkReferences.hash(ref), link));
        return ref;
    }

    private static void send(long invitationId, Object event) {
        try {
            KafkaTestClient.send(Topics.REVIEW_LINKS.name(), String.valueOf(invitationId), JSON.writeValueAsString(event));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitStatus(String ref, int status) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> given().queryParam("ref", ref).get("/embed/review").statusCode() == status);
    }

    private static long nextInvitationId() {
        return ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L);
    }
}
