package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Who may use the dashboard API of a webshop, and what it refuses: always the envelope, never a 5xx. */
@QuarkusTest
class DashboardAccessTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void anotherOwnerGets404AndNoDataOnEveryEndpointAndWithoutASessionItIs401() {
        long shop = DashboardReviewsTest.shopId();
        DashboardFixtures.Row secret = row(shop);
        secret.name = "Geheime Naam";
        secret.comment = "Vertrouwelijk commentaar";
        long review = secret.insert();
        long otherShop = DashboardReviewsTest.shopId();
        String intruder = ownerCookie(mapper, DashboardFixtures.ownerId(), otherShop);
        String mine = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        for (Function<RequestSpecification, Response> call : calls(shop, review)) {
            Response answer = call.apply(ownerChange(intruder));
            assertEquals(404, answer.statusCode(), answer.asString());
            assertEquals(Map.of("status", "error", "message", "Webshop not found."), answer.jsonPath().getMap(""));
            assertFalse(answer.asString().contains("Geheime") || answer.asString().contains("Vertrouwelijk"));

            Response signedOut = call.apply(given().header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json"));
            assertEquals(401, signedOut.statusCode());
            assertEquals("Sign in to the dashboard.", signedOut.jsonPath().getString("message"));
            String forged = new OwnerSessions("another-key-that-is-not-the-services-0123456789", mapper)
                    .open(1, "x@example.com", List.of(shop), Instant.now());
            assertEquals(401, call.apply(ownerChange(forged)).statusCode());
            String expired = new OwnerSessions(DashboardFixtures.OWNER_KEY, mapper).open(1, "x@example.com", List.of(shop),
                    Instant.now().minus(OwnerSessions.LIFETIME).minusSeconds(60));
            assertEquals(401, call.apply(ownerChange(expired)).statusCode());
        }
        for (String malformed : List.of("abc", "0", "-1", "1e3")) {
            owner(mine).get("/dashboard/api/ratings/webshops/" + malformed + "/reviews").then().statusCode(404)
                    .body("message", equalTo("Webshop not found."));
        }
        owner(mine).get(base(shop) + "/reviews").then().statusCode(200).body("total", equalTo(1));
    }

    @Test
    void aChangeWithoutTheDashboardHeaderIsRefusedWith403AndNothingIsStored() {
        long shop = DashboardReviewsTest.shopId();
        long review = row(shop).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        owner(cookie).contentType("application/json").body("{\"reason\":\"Never ordered from us.\"}")
                .post(base(shop) + "/reviews/" + review + "/report").then().statusCode(403)
                .body("message", equalTo("This request must come from the dashboard."));
        owner(cookie).header(OwnerSessions.CSRF_HEADER, "yes").contentType("application/json").body("{\"reason\":\"Never ordered from us.\"}")
                .post(base(shop) + "/reviews/" + review + "/report").then().statusCode(403);
        owner(cookie).contentType("application/json").body("{\"reply\":\"Thanks\"}")
                .post(base(shop) + "/reviews/" + review + "/reply").then().statusCode(403);

        assertEquals(0, Db.count("select count(*) from review_report where review_id = ?", review));
        assertEquals(0, Db.count("select count(*) from review where id = ? and reaction <> ''", review));
        assertEquals(0, Db.count("select count(*) from audit_entry where webshop_id = ?", shop));
    }

    @Test
    void badQueriesAndBodiesAreA400EnvelopeNeverA5xx() {
        long shop = DashboardReviewsTest.shopId();
        long review = row(shop).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        Map<String, String> badQueries = Map.ofEntries(
                Map.entry("rating=9", "Invalid value for rating: expected an integer from 1 to 5."),
                Map.entry("rating=abc", "Invalid value for rating: expected an integer from 1 to 5."),
                Map.entry("rating=0", "Invalid value for rating: expected an integer from 1 to 5."),
                Map.entry("limit=0", "Invalid value for limit: expected an integer from 1 to 100."),
                Map.entry("limit=101", "Invalid value for limit: expected an integer from 1 to 100."),
                Map.entry("limit=99999999999999999999", "Invalid value for limit: expected an integer from 1 to 100."),
                Map.entry("from=garbage", "Invalid value for from: expected a date as YYYY-MM-DD."),
                Map.entry("to=2026-13-01", "Invalid value for to: expected a date as YYYY-MM-DD."),
                Map.entry("from=2026-02-30", "Invalid value for from: expected a date as YYYY-MM-DD."),
                Map.entry("from=10000-01-01", "Invalid value for from: expected a date as YYYY-MM-DD."),
                Map.entry("from=2026-05-02&to=2026-05-01", "Invalid value for to: expected a date on or after from."),
                Map.entry("after=garbage", "Invalid value for after: expected the next cursor of a previous page."),
                Map.entry("after=MTpub3Q6YTpjdXJzb3I", "Invalid value for after: expected the next cursor of a previous page."),
                Map.entry("after=" + "A".repeat(500), "Invalid value for after: expected the next cursor of a previous page."),
                Map.entry("verified=yes", "Invalid value for verified: expected true or false."),
                Map.entry("replied=1", "Invalid value for replied: expected true or false."),
                Map.entry("language=english", "Invalid value for language: expected an ISO-639-1 code such as en."),
                Map.entry("q=" + "x".repeat(201), "Invalid value for q: at most 200 characters."));
        badQueries.forEach((query, message) -> owner(cookie).get(base(shop) + "/reviews?" + query).then()
                .statusCode(400).body("status", equalTo("error")).body("message", equalTo(message)));
        owner(cookie).queryParam("q", "\u0000x").get(base(shop) + "/reviews").then().statusCode(400).body("status", equalTo("error"));
        owner(cookie).get(base(shop) + "/overview?by=day").then().statusCode(400).body("status", equalTo("error"));

        String report = base(shop) + "/reviews/" + review + "/report";
        String tooShort = "Invalid value for reason: expected 3 to 1000 characters.";
        for (String body : List.of("{\"reason\":\"" + "x".repeat(1001) + "\"}", "{\"reason\":\"   \"}", "{\"reason\":\"ab\"}",
                "{\"reason\":42}", "{\"reason\":null}", "{}")) {
            ownerChange(cookie).body(body).post(report).then().statusCode(400).body("message", equalTo(tooShort));
        }
        ownerChange(cookie).body("{\"reason\":\"bad\\u0000reason\"}").post(report).then().statusCode(400)
                .body("status", equalTo("error"));
        for (String body : List.of("not json", "", "[1,2]", "\"reason\"", "{\"reason\":")) {
            ownerChange(cookie).body(body).post(report).then().statusCode(400)
                    .body("message", equalTo("Invalid request body: expected a JSON object with reason."));
        }
        String reply = base(shop) + "/reviews/" + review + "/reply";
        // This shop has no replica here (ratings-service never heard of it): nothing to reply as.
        ownerChange(cookie).body("{\"reply\":\"Thanks\"}").post(reply).then().statusCode(404).body("message", equalTo("Webshop not found."));
        for (String unknown : List.of("abc", "0", "999999999999")) {
            ownerChange(cookie).body("{\"reason\":\"Never ordered here.\"}").post(base(shop) + "/reviews/" + unknown + "/report")
                    .then().statusCode(404).body("message", equalTo("Review not found."));
        }
        // A 1000-character reason with a line break is fine.
        ownerChange(cookie).body("{\"reason\":\"Line one\\n" + "x".repeat(991) + "\"}").post(report).then().statusCode(200);
        assertEquals(1, Db.count("select count(*) from review_report where review_id = ?", review));
    }

    private static List<Function<RequestSpecification, Response>> calls(long shop, long review) {
        return List.of(
                request -> request.get(base(shop) + "/overview"),
                request -> request.get(base(shop) + "/reviews"),
                request -> request.queryParam("q", "Geheime").get(base(shop) + "/reviews"),
                request -> request.body("{\"reply\":\"Thanks\",\"notify\":false}").post(base(shop) + "/reviews/" + review + "/reply"),
                request -> request.body("{\"reason\":\"Never ordered here.\"}").post(base(shop) + "/reviews/" + review + "/report"));
    }
}
