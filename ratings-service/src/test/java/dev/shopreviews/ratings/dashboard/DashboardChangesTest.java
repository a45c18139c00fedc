package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.operator;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.operatorChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The owner's changes in the dashboard: replies under the public API's rules and messages, and reports that put a
 * review in the operator's moderation queue as "reported" until an operator decides on it.
 */
@QuarkusTest
class DashboardChangesTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void ownerRepliesThroughTheDashboardWithTheSpecsRulesAndMessages() {
        Fixtures.Shop shop = Fixtures.webshop(true);
        long review = row(shop.id()).insert();
        long ownerId = DashboardFixtures.ownerId();
        String cookie = ownerCookie(mapper, ownerId, shop.id());
        String reply = base(shop.id()) + "/reviews/" + review + "/reply";

        ownerChange(cookie).body("{\"reply\":\"  Dank voor je review!  \",\"notify\":false}").post(reply).then().statusCode(200)
                .body("", equalTo(Map.of("status", "success", "message", "Reply successfully added")));
        owner(cookie).queryParam("replied", "true").get(base(shop.id()) + "/reviews").then().statusCode(200)
                .body("items.id", equalTo(List.of((int) review))).body("items[0].reply", equalTo("Dank voor je review!"));
        assertEquals("Dank voor je review!", Fixtures.find(shop, r -> ((Number) r.get("id")).longValue() == review)
                .orElseThrow().get("reaction"), "the same reply the public API stores");

        ownerChange(cookie).body("{\"reply\":\"Nogmaals dank\",\"notify\":true}").post(reply).then().statusCode(200);
        assertEquals(1, Db.count("select count(*) from reply_notification where review_id = ?", review), "notify queues the e-mail");

        ownerChange(cookie).body("{\"reply\":\"   \"}").post(reply).then().statusCode(400)
                .body("message", equalTo("Invalid value for reply: expected a non-empty string."));
        ownerChange(cookie).body("{\"reply\":\"" + "x".repeat(5001) + "\"}").post(reply).then().statusCode(400)
                .body("message", equalTo("Invalid value for reply: at most 5000 characters."));
        ownerChange(cookie).body("{\"reply\":\"Dank\",\"notify\":\"yes\"}").post(reply).then().statusCode(400)
                .body("message", equalTo("Invalid value for notify: expected true or false."));
        ownerChange(cookie).body("nope").post(reply).then().statusCode(400)
                .body("message", equalTo("Invalid request body: expected a JSON object with reply and notify."));
        long elsewhere = row(DashboardReviewsTest.shopId()).insert();
        ownerChange(cookie).body("{\"reply\":\"Dank\"}").post(base(shop.id()) + "/reviews/" + elsewhere + "/reply").then()
                .statusCode(404).body("message", equalTo("Review not found."));
        assertEquals(0, Db.count("select count(*) from review where id = ? and reaction <> ''", elsewhere));

        JsonPath audit = operator(mapper).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/audit").then()
                .statusCode(200).extract().jsonPath();
        assertEquals(List.of("review.reply", "review.reply"), audit.getList("entries.action"));
        assertEquals(List.of("owner:" + ownerId, "owner:" + ownerId), audit.getList("entries.actor"));
        assertEquals("review:" + review, audit.getString("entries[0].subject"));

        // Without reply access: the spec's message (403 here: 401 means "signed out" to the dashboard).
        Fixtures.Shop closed = Fixtures.webshop(false);
        long closedReview = row(closed.id()).insert();
        ownerChange(ownerCookie(mapper, ownerId, closed.id())).body("{\"reply\":\"Dank\"}")
                .post(base(closed.id()) + "/reviews/" + closedReview + "/reply").then().statusCode(403)
                .body("message", equalTo("No access to review replies has been granted for this webshop."));
        assertEquals(0, Db.count("select count(*) from review where id = ? and reaction <> ''", closedReview));

        // A webshop the operator deactivated cannot reply, as through the public API.
        long deactivated = deactivatedWebshop();
        long deactivatedReview = row(deactivated).insert();
        ownerChange(ownerCookie(mapper, ownerId, deactivated)).body("{\"reply\":\"Dank\"}")
                .post(base(deactivated) + "/reviews/" + deactivatedReview + "/reply").then().statusCode(403)
                .body("message", equalTo("This webshop has been deactivated. Please contact the operator."));
    }

    /** A webshop with reply access that the operator deactivated (its snapshot says active false). */
    private static long deactivatedWebshop() {
        long id = DashboardReviewsTest.shopId();
        String code = Codes.random(16);
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(id), Fixtures.json(new WebshopSnapshot(
                UUID.randomUUID().toString(), WebshopSnapshot.TYPE, Instant.now(), id, 1, Codes.sha256Hex(code),
                Codes.random(8), "Closed Shop " + id, "https://shop" + id + ".example/", "nl", List.of("nl"), true, false,
                List.of("shop" + id + ".example"), new WebshopSnapshot.Address("Damrak", "1", "1012 LG", "Amsterdam", "Netherlands"),
                "https://shop" + id + ".example/favicon.png", "#003366", null, null, Map.of(), Instant.now())));
        await().atMost(Duration.ofSeconds(30)).until(() -> given().queryParam("id", id).queryParam("code", code)
                .get("/api/1.0/ratings_summary.json").statusCode() == 403);
        return id;
    }

    @Test
    void aReportedReviewWaitsInTheModerationQueueUntilAnOperatorDecides() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long first = row(shop.id()).insert();
        DashboardFixtures.Row hiddenRow = row(shop.id());
        hiddenRow.hiddenReason = "Names a member of staff.";
        long second = hiddenRow.insert();
        long third = row(shop.id()).insert();
        long ownerId = DashboardFixtures.ownerId();
        String cookie = ownerCookie(mapper, ownerId, shop.id());
        String reason = "This person never ordered from us.\nPlease check.";

        JsonPath stored = ownerChange(cookie).body("{\"reason\":\"  This person never ordered from us.\\nPlease check.  \"}")
                .post(base(shop.id()) + "/reviews/" + first + "/report").then().statusCode(200)
                .body("status", equalTo("success")).body("message", equalTo("Review reported.")).extract().jsonPath();
        assertEquals(reason, stored.getString("report.reason"));
        assertEquals("owner", stored.getString("report.source"));
        assertEquals(first, stored.getLong("report.review_id"));
        ownerChange(cookie).body("{\"reason\":\"Again, please.\"}").post(base(shop.id()) + "/reviews/" + first + "/report")
                .then().statusCode(409).body("", equalTo(Map.of("status", "error", "message", "This review is already reported.")));
        ownerChange(cookie).body("{\"reason\":\"More than a notice needed.\"}").post(base(shop.id()) + "/reviews/" + second + "/report")
                .then().statusCode(200);

        // The review stays visible; the owner's list shows it reported.
        owner(cookie).get(base(shop.id()) + "/reviews").then().statusCode(200)
                .body("items.id", equalTo(List.of((int) third, (int) second, (int) first)))
                .body("items.reported", equalTo(List.of(false, true, true)))
                .body("items[2].state", equalTo("published"));
        Fixtures.find(shop, r -> ((Number) r.get("id")).longValue() == first).orElseThrow();

        // The operator's queue: state reported, the report as the reason.
        JsonPath queue = operator(mapper).queryParam("webshop_id", shop.id()).queryParam("state", "reported")
                .get("/operator/api/ratings/moderation").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(second, first), queue.getList("reviews.review_id", Long.class));
        assertEquals(List.of("reported", "reported"), queue.getList("reviews.state"));
        assertEquals(reason, queue.getString("reviews[1].reason"));
        assertEquals(Map.of("source", "owner", "reason", reason, "reporter", "owner:" + ownerId),
                Map.of("source", queue.getString("reviews[1].report.source"), "reason", queue.getString("reviews[1].report.reason"),
                        "reporter", queue.getString("reviews[1].report.reporter")));
        assertNotNull(queue.getString("reviews[1].report.created"));
        assertEquals(2, queue.getInt("counts.reported"));
        assertEquals(1, queue.getInt("counts.hidden"));
        operator(mapper).get("/operator/api/ratings/reviews/" + first).then().statusCode(200)
                .body("review.state", equalTo("reported")).body("review.report.reason", equalTo(reason));
        operator(mapper).queryParam("webshop_id", shop.id()).queryParam("state", "hidden").get("/operator/api/ratings/moderation")
                .then().statusCode(200).body("reviews.review_id", equalTo(List.of((int) second)))
                .body("reviews[0].state", equalTo("reported"));

        JsonPath audit = operator(mapper).queryParam("webshop_id", shop.id()).get("/operator/api/ratings/audit").then()
                .statusCode(200).extract().jsonPath();
        assertEquals(List.of("review.report", "review.report"), audit.getList("entries.action"));
        assertEquals("owner:" + ownerId, audit.getString("entries[1].actor"));
        assertEquals(false, audit.prettify().contains("never ordered"), "the reason stays out of the audit log");

        // Any decision resolves the review's open reports: publish, hide, delete.
        operatorChange(mapper).post("/operator/api/ratings/reviews/" + first + "/publish").then().statusCode(200)
                .body("data.state", equalTo("published"));
        operatorChange(mapper).body("{\"reason\":\"Names a member of staff.\"}").post("/operator/api/ratings/reviews/" + second + "/hide")
                .then().statusCode(200).body("data.state", equalTo("hidden"));
        operator(mapper).queryParam("webshop_id", shop.id()).queryParam("state", "reported").get("/operator/api/ratings/moderation")
                .then().statusCode(200).body("reviews", equalTo(List.of())).body("counts.reported", equalTo(0));
        assertEquals(2, Db.count("select count(*) from review_report where webshop_id = ? and resolved_at is not null", shop.id()));
        owner(cookie).get(base(shop.id()) + "/reviews").then().body("items.reported", equalTo(List.of(false, false, false)));
        operator(mapper).get("/operator/api/ratings/reviews/" + first).then().body("review.report", nullValue());

        ownerChange(cookie).body("{\"reason\":\"Still wrong, see our order system.\"}").post(base(shop.id()) + "/reviews/" + first + "/report")
                .then().statusCode(200);
        operatorChange(mapper).post("/operator/api/ratings/reviews/" + first + "/delete").then().statusCode(200);
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ? and resolved_at is null", first));
        owner(cookie).get(base(shop.id()) + "/reviews").then().body("items.id", equalTo(List.of((int) third, (int) second)));
        ownerChange(cookie).body("{\"reason\":\"Deleted already.\"}").post(base(shop.id()) + "/reviews/" + first + "/report")
                .then().statusCode(404).body("message", equalTo("Review not found."));
        operator(mapper).get("/operator/api/ratings/moderation?state=reportd").then().statusCode(400)
                .body("message", equalTo("state must be quarantined, held, hidden or reported; webshop_id and before ids; limit 1-200."));
    }
}
