package dev.shopreviews.invitations;

import dev.shopreviews.common.time.Times;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spec 4.2: newest first, offset, order 1-100, datetimes in UTC YYYY-MM-DD HH:MM:SS, sent false while queued. */
@QuarkusTest
class RetrieveInvitationsTest {

    @Test
    void invitationsComeNewestFirstWithOffsetAndOrder() {
        Fixtures.Shop shop = Fixtures.webshop();
        List<String> emails = IntStream.range(0, 12).mapToObj(i -> "n" + i + "-" + Fixtures.email()).toList();
        emails.forEach(email -> Fixtures.add(shop, Map.of("email", email, "delay", "10")));

        shop.auth().get("/api/1.0/invitations.json").then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Invitations successfully retrieved!"))
                .body("invitations", hasSize(10))
                .body("invitations[0].email", equalTo(emails.get(11)))
                .body("invitations[9].email", equalTo(emails.get(2)));
        shop.auth().queryParam("offset", 10).get("/api/1.0/invitations.json").then()
                .body("invitations.email", contains(emails.get(1), emails.get(0)));
        shop.auth().queryParam("offset", 1).queryParam("order", 2).get("/api/1.0/invitations.json").then()
                .body("invitations.email", contains(emails.get(10), emails.get(9)));
        shop.auth().queryParam("order", 100).get("/api/1.0/invitations.json").then().body("invitations", hasSize(12));
    }

    /**
     * The platform's PHP client library (webwinkelkeur/client getSentInvitations) asks for limit=100&offset=N and pages
     * until it has read total invitations: limit is the page size when order is not given, and total is answered.
     */
    @Test
    void thePhpLibrarysLimitIsThePageSizeAndTotalCountsEveryInvitation() {
        Fixtures.Shop shop = Fixtures.webshop();
        List<String> emails = IntStream.range(0, 12).mapToObj(i -> "lib" + i + "-" + Fixtures.email()).toList();
        emails.forEach(email -> Fixtures.add(shop, Map.of("email", email, "delay", "10")));
        shop.auth().queryParam("limit", 100).queryParam("offset", 0).get("/api/1.0/invitations.json").then().statusCode(200)
                .body("total", equalTo(12))
                .body("invitations", hasSize(12));
        shop.auth().queryParam("limit", 5).queryParam("offset", 10).get("/api/1.0/invitations.json").then()
                .body("total", equalTo(12))
                .body("invitations.email", contains(emails.get(1), emails.get(0)));
        shop.auth().queryParam("limit", 5).queryParam("order", 2).get("/api/1.0/invitations.json").then()
                .body("invitations", hasSize(2));
        shop.auth().queryParam("limit", 500).get("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("limit must be a whole number from 1 to 100."))
                .body("total", equalTo(0))
                .body("invitations", empty());
    }

    @Test
    void scheduledIsCreatedPlusTheDelayInDaysAndSentIsFalseWhileQueued() {
        Fixtures.Shop shop = Fixtures.webshop();
        Instant before = Instant.now().minusSeconds(1);
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", "delay-3", "delay", "3"));
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", "delay-30", "delay", "30"));
        Instant after = Instant.now().plusSeconds(1);
        JsonPath body = shop.auth().get("/api/1.0/invitations.json").then().extract().jsonPath();
        for (int i = 0; i < 2; i++) {
            int delay = body.getInt("invitations[" + i + "].delay");
            String created = body.getString("invitations[" + i + "].datetimes.created");
            String scheduled = body.getString("invitations[" + i + "].datetimes.scheduled");
            assertTrue(created.matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"), created);
            Instant createdAt = Times.parseDatetime(created).orElseThrow();
            Instant scheduledAt = Times.parseDatetime(scheduled).orElseThrow();
            assertTrue(!createdAt.isBefore(before.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) && createdAt.isBefore(after),
                    "created is now in UTC: " + created);
            assertEquals(Duration.ofDays(delay), Duration.between(createdAt, scheduledAt));
            assertEquals(false, body.get("invitations[" + i + "].datetimes.sent"));
        }
        assertEquals(List.of(30, 3), body.getList("invitations.delay"));
    }

    @Test
    void orderOutsideOneToHundredIsAnErrorWithNoInvitations() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String order : new String[]{"0", "101", "-1", "ten", "1.5"}) {
            shop.auth().queryParam("order", order).get("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("order must be a whole number from 1 to 100."))
                    .body("invitations", empty());
        }
        shop.auth().queryParam("offset", "-5").get("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("offset must be a whole number, 0 or more."))
                .body("invitations", empty());
    }

    @Test
    void missingOrWrongCredentialsAnswerTheEnvelopeWithNoInvitations() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("id", shop.id()).get("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Not all obligated variables are set."))
                .body("invitations", empty());
        given().queryParam("code", shop.code()).get("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
        given().queryParam("id", shop.id()).queryParam("code", "wrong").get("/api/1.0/invitations.json")
                .then().statusCode(401)
                .body("status", equalTo("error"))
                .body("message", equalTo("Incorrect authentication credentials."))
                .body("invitations", empty());
        given().queryParam("id", "x1").queryParam("code", shop.code()).get("/api/1.0/invitations.json")
                .then().statusCode(401).body("message", equalTo("Incorrect authentication credentials."));
    }

    @Test
    void aShopSeesOnlyItsOwnInvitations() {
        Fixtures.Shop mine = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        Fixtures.add(other, Map.of("email", Fixtures.email(), "delay", "9"));
        mine.auth().get("/api/1.0/invitations.json").then().statusCode(200).body("invitations", empty());
        assertFalse(other.auth().get("/api/1.0/invitations.json").jsonPath().getList("invitations").isEmpty());
    }
}
