package dev.shopreviews.ratings.moderation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's moderation, as a moderator uses it: reviews the rules quarantine wait in the queue; one is
 * published, one hidden with a reason (public outputs show the notice, the event carries the reason), one deleted;
 * every decision is in the audit log; and what the console refuses.
 */
@QuarkusTest
class ModerationConsoleTest {
    static final String KEY = "test-operator-session-key-0123456789abcdef";
    static final String REASON = "Names a member of staff.";

    @Inject
    ObjectMapper objectMapper;

    @Test
    void moderatorPublishesHidesAndDeletesQuarantinedReviewsAndEachDecisionIsAudited() {
        String cookie = cookie(OperatorRole.MODERATOR, Instant.now());
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted toPublish = quarantined(shop);
        ReviewSubmitted toHide = quarantined(shop);
        ReviewSubmitted toDelete = quarantined(shop);
        long published = id(shop, toPublish);
        long hidden = id(shop, toHide);
        long deleted = id(shop, toDelete);
        Fixtures.Shop other = Fixtures.webshop(false);
        ReviewSubmitted sameReviewer = sameEmail(Fixtures.review(other, ReviewSubmitted.ORIGIN_FORM), toHide.email());
        Fixtures.submit(sameReviewer);
        long elsewhere = ((Number) Fixtures.awaitReview(other, toHide.email()).get("id")).longValue();

        JsonPath queue = reader(cookie).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/moderation")
                .then().statusCode(200).body("status", equalTo("success"))
                .body("message", equalTo("Moderation queue retrieved.")).extract().jsonPath();
        assertEquals(List.of(deleted, hidden, published), ids(queue.getList("reviews.review_id")), "newest first");
        assertEquals("quarantined", queue.getString("reviews[0].state"));
        assertEquals("contains a link", queue.getString("reviews[0].reason"));
        assertEquals(toDelete.comment(), queue.getString("reviews[0].comment"));
        assertTrue(queue.getString("reviews[0].created").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"),
                "an ISO 8601 instant, as the console's other times");
        assertEquals(3, queue.getInt("counts.quarantined"));
        assertEquals(0, queue.getInt("counts.hidden"));
        reader(cookie).queryParam("webshop_id", shop.id()).queryParam("before", hidden).queryParam("limit", 1)
                .get("/operator/api/ratings/moderation").then().statusCode(200).body("reviews.review_id", equalTo(List.of((int) published)));

        // Publish: out of quarantine, announced as published.
        changer(cookie).post("/operator/api/ratings/reviews/" + published + "/publish").then().statusCode(200)
                .body("message", equalTo("Review published.")).body("data.state", equalTo("published"))
                .body("data.quarantine", equalTo(false));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(), record -> record.value().contains("\"id\":" + published + ",")
                && record.value().contains("\"published\":true"), 1, Duration.ofSeconds(30)).size());

        // Hide: public and counted, the notice in place of the comment; the event carries the bare reason.
        changer(cookie).body("{\"reason\":\"  " + REASON + " \"}").post("/operator/api/ratings/reviews/" + hidden + "/hide")
                .then().statusCode(200).body("message", equalTo("Review hidden.")).body("data.state", equalTo("hidden"))
                .body("data.quarantine", equalTo(false)).body("data.hidden", equalTo(true)).body("data.reason", equalTo(REASON));
        Map<String, Object> shown = await().atMost(Duration.ofSeconds(10)).until(() -> publicItem(shop, hidden), item -> item != null);
        assertEquals("Hidden by the moderators: " + REASON, shown.get("comment"));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_UPDATED.name(), record -> record.value().contains("\"id\":" + hidden + ",")
                && record.value().contains("\"hidden_reason\":\"" + REASON + "\"")
                && record.value().contains("\"comment\":\"Hidden by the moderators: " + REASON + "\"")
                && !record.value().contains(toHide.comment()), 1, Duration.ofSeconds(30)).size());
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().body("data.amount", equalTo(2));

        // The review in context: the original comment for the moderators, the shop's and the reviewer's other reviews.
        JsonPath detail = reader(cookie).get("/operator/api/ratings/reviews/" + hidden).then().statusCode(200)
                .body("review.comment", equalTo(toHide.comment())).body("review.state", equalTo("hidden"))
                .body("review.reason", equalTo(REASON)).extract().jsonPath();
        assertEquals(List.of(deleted, published), ids(detail.getList("shop_reviews.id")));
        assertEquals(List.of(elsewhere), ids(detail.getList("reviewer_reviews.id")));
        assertEquals(other.id(), detail.getLong("reviewer_reviews[0].webshop_id"));

        // Delete: as the admin API's delete; then the review is gone for the console too.
        changer(cookie).post("/operator/api/ratings/reviews/" + deleted + "/delete").then().statusCode(200)
                .body("data.deleted", equalTo(true));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEWS_DELETED.name(), record -> record.value().contains("\"id\":" + deleted + ","),
                1, Duration.ofSeconds(30)).size());
        reader(cookie).get("/operator/api/ratings/reviews/" + deleted).then().statusCode(404).body("message", equalTo("Review not found."));
        changer(cookie).post("/operator/api/ratings/reviews/" + deleted + "/publish").then().statusCode(404);
        reader(cookie).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/moderation").then().statusCode(200)
                .body("reviews", equalTo(List.of())).body("counts.quarantined", equalTo(0));
        reader(cookie).queryParam("webshop_id", shop.id()).queryParam("state", "hidden").get("/operator/api/ratings/moderation")
                .then().statusCode(200).body("reviews.review_id", equalTo(List.of((int) hidden))).body("counts.hidden", equalTo(1));

        // One audit entry per decision: who, what, on which review, states only.
        JsonPath audit = reader(cookie).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/audit")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("review.delete", "review.hide", "review.publish"), audit.getList("entries.action"));
        assertEquals(List.of("review:" + deleted, "review:" + hidden, "review:" + published), audit.getList("entries.subject"));
        assertEquals(List.of("operator:mia", "operator:mia", "operator:mia"), audit.getList("entries.actor"));
        assertEquals(Map.of("quarantine", true, "hidden", false, "deleted", false, "reason", "contains a link"),
                json(audit.getString("entries[1].before")));
        assertEquals(Map.of("quarantine", false, "hidden", true, "deleted", false, "reason", REASON),
                json(audit.getString("entries[1].after")));
        assertEquals(true, json(audit.getString("entries[0].after")).get("deleted"));
        String entries = audit.prettify();
        assertFalse(entries.contains(toHide.email()) || entries.contains(toHide.comment()) || entries.contains(toHide.name()),
                "no personal data in the audit log");
    }

    @Test
    void theAdminApiDecisionsAreAuditedAsTheMachineToken() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        Fixtures.submit(review);
        long id = id(shop, review);
        given().header("Authorization", "Bearer test-operator-token").contentType("application/json")
                .body("{\"reason\":\"Looks bought.\"}").post("/admin/reviews/" + id + "/quarantine").then().statusCode(200);
        given().header("Authorization", "Bearer test-operator-token").delete("/admin/reviews/" + id + "/quarantine")
                .then().statusCode(200);

        JsonPath audit = reader(cookie(OperatorRole.MODERATOR, Instant.now())).queryParam("webshop_id", shop.id())
                .get("/operator/api/ratings/audit").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("review.release", "review.quarantine"), audit.getList("entries.action"));
        assertEquals(List.of("token:operator-token", "token:operator-token"), audit.getList("entries.actor"));
        assertEquals("Looks bought.", json(audit.getString("entries[1].after")).get("reason"));
    }

    @Test
    void theConsoleRefusesCallsWithoutAValidSessionHeaderOrReason() {
        String cookie = cookie(OperatorRole.MODERATOR, Instant.now());
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = quarantined(shop);
        long id = id(shop, review);
        String hide = "/operator/api/ratings/reviews/" + id + "/hide";

        given().get("/operator/api/ratings/moderation").then().statusCode(401)
                .body("message", equalTo("Sign in to the operator console."));
        given().header(OperatorSessions.CSRF_HEADER, "1").post("/operator/api/ratings/reviews/" + id + "/publish").then().statusCode(401);
        String forged = new OperatorSessions("another-key-that-is-not-the-services-0123456789", objectMapper)
                .open("mia", OperatorRole.ADMIN, Instant.now());
        reader(forged).get("/operator/api/ratings/reviews/" + id).then().statusCode(401);
        reader(cookie + "x").get("/operator/api/ratings/reviews/" + id).then().statusCode(401);
        String expired = cookie(OperatorRole.MODERATOR, Instant.now().minus(OperatorSessions.LIFETIME).minusSeconds(60));
        changer(expired).post("/operator/api/ratings/reviews/" + id + "/publish").then().statusCode(401);
        reader(cookie).post("/operator/api/ratings/reviews/" + id + "/publish").then().statusCode(403)
                .body("message", equalTo("This request must come from the operator console."));
        reader(cookie).contentType("application/json").body("{\"reason\":\"Fine reason\"}").post(hide).then().statusCode(403);

        for (String reason : List.of("\"bad\\u0000reason\"", "\"two\\nlines\"", "\"\"", "\"  \"", "\"ab\"",
                "\"" + "x".repeat(301) + "\"", "42", "null")) {
            changer(cookie).body("{\"reason\":" + reason + "}").post(hide).then().statusCode(400)
                    .body("status", equalTo("error"));
        }
        changer(cookie).body("not json").post(hide).then().statusCode(400);
        changer(cookie).body("{\"reason\":\"" + "x".repeat(300) + "\"}").post("/operator/api/ratings/reviews/999999999999/hide")
                .then().statusCode(404).body("message", equalTo("Review not found."));
        for (String unknown : List.of("999999999999", "abc", "-1", "0", "1e3")) {
            reader(cookie).get("/operator/api/ratings/reviews/" + unknown).then().statusCode(404)
                    .body("message", equalTo("Review not found."));
            changer(cookie).post("/operator/api/ratings/reviews/" + unknown + "/delete").then().statusCode(404);
        }
        reader(cookie).get("/operator/api/partner/moderation").then().statusCode(404);
        changer(cookie).post("/operator/api/partner/reviews/" + id + "/delete").then().statusCode(404);
        for (String query : List.of("state=deleted", "limit=0", "limit=201", "webshop_id=abc", "before=-3")) {
            reader(cookie).get("/operator/api/ratings/moderation?" + query).then().statusCode(400);
        }

        // Nothing changed: still quarantined, nothing audited.
        reader(cookie).get("/operator/api/ratings/reviews/" + id).then().statusCode(200).body("review.state", equalTo("quarantined"));
        reader(cookie).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/audit").then().statusCode(200)
                .body("entries", equalTo(List.of()));
        // An admin may do what a moderator may.
        changer(cookie(OperatorRole.ADMIN, Instant.now())).body("{\"reason\":\"" + "x".repeat(300) + "\"}").post(hide)
                .then().statusCode(200).body("data.reason", equalTo("x".repeat(300)));
    }

    @Test
    void aHiddenReviewsProductTextsLeaveThePlainFeedAndItsOwnViewShowsTheNotice() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String productText = "Productspecifiek " + Fixtures.letters(12);
        ReviewSubmitted review = Fixtures.withProducts(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), List.of(
                new ReviewSubmitted.ProductReview("h-1", "Hidden kettle", null, null, null, null, 2, productText)));
        Fixtures.submit(review);
        long id = id(shop, review);
        assertTrue(feed(shop, false).contains(productText));

        changer(cookie(OperatorRole.MODERATOR, Instant.now())).body("{\"reason\":\"" + REASON + "\"}")
                .post("/operator/api/ratings/reviews/" + id + "/hide").then().statusCode(200);

        String plain = feed(shop, false);
        assertFalse(plain.contains(productText) || plain.contains("Hidden kettle"), "hidden product reviews leave the plain feed");
        String detailed = feed(shop, true);
        assertFalse(detailed.contains(productText));
        assertTrue(detailed.contains("<content>Hidden by the moderators: " + REASON + "</content>"));
        assertTrue(detailed.contains("<is_spam>true</is_spam>"));
        assertEquals("Hidden by the moderators: " + REASON, Fixtures.awaitReview(shop, review.email()).get("comment"),
                "the shop's own view shows the notice as its webhooks do");
    }

    private static String feed(Fixtures.Shop shop, boolean detailed) {
        RequestSpecification request = given().queryParam("id", shop.id()).queryParam("code", shop.code());
        if (detailed) {
            request = request.queryParam("detailed", "1");
        }
        return request.get("/api/1.0/product_reviews.xml").then().statusCode(200).extract().asString();
    }

    private String cookie(OperatorRole role, Instant at) {
        return new OperatorSessions(KEY, objectMapper).open("mia", role, at);
    }

    private static RequestSpecification reader(String cookie) {
        return given().cookie(OperatorSessions.COOKIE, cookie);
    }

    private static RequestSpecification changer(String cookie) {
        return reader(cookie).header(OperatorSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    private static ReviewSubmitted quarantined(Fixtures.Shop shop) {
        ReviewSubmitted review = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM),
                "Kijk op https://deal-" + Fixtures.letters(8) + ".example voor meer " + Fixtures.letters(12));
        Fixtures.submit(review);
        assertEquals(true, Fixtures.awaitReview(shop, review.email()).get("quarantine"));
        return review;
    }

    private static ReviewSubmitted sameEmail(ReviewSubmitted r, String email) {
        return new ReviewSubmitted(UUID.randomUUID().toString(), r.type(), r.occurredAt(), r.webshopId(), r.origin(),
                r.invitationId(), r.orderNumber(), r.name(), email, r.country(), r.language(), r.rating(), r.ratings(),
                r.comment(), r.products(), r.clientAddress());
    }

    private static long id(Fixtures.Shop shop, ReviewSubmitted review) {
        return ((Number) Fixtures.awaitReview(shop, review.email()).get("id")).longValue();
    }

    private static Map<String, Object> publicItem(Fixtures.Shop shop, long id) {
        List<Map<String, Object>> items = given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode())
                .get("/api/1.0/ratings.json").then().statusCode(200).extract().jsonPath().getList("ratings");
        return items.stream().filter(item -> ((Number) item.get("id")).longValue() == id).findFirst().orElse(null);
    }

    private static List<Long> ids(List<Object> values) {
        return values.stream().map(value -> ((Number) value).longValue()).toList();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> json(String value) {
        try {
            return objectMapper.readValue(value, Map.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
