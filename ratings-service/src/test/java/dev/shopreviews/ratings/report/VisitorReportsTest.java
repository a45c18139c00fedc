package dev.shopreviews.ratings.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import dev.shopreviews.ratings.report.service.VisitorReports;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Visitors' reports ({@code POST /api/1.0/review_reports.json}, an extension): stored as source visitor, in the
 * moderation queue and the dashboard; the review stays visible unless the reason is illegal content; one open report
 * per review and client; rate limited per client (the test profile allows 3 at once); bad input stores nothing.
 * Each test reports as its own client addresses (X-Forwarded-For from the trusted loopback).
 */
@QuarkusTest
class VisitorReportsTest {
    static final String PATH = "/api/1.0/review_reports.json";
    static final String THANKS = "Thank you. The moderators will look at this review.";
    private static final AtomicInteger CLIENTS = new AtomicInteger(java.util.concurrent.ThreadLocalRandom.current().nextInt(60_000));

    @Inject
    ObjectMapper mapper;

    @Test
    void aSpamReportKeepsTheReviewVisibleAndReachesTheModerationQueueAndTheDashboard() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        as(client()).body(json(shop.id(), review, "spam", "Advertises another shop.")).post(PATH)
                .then().statusCode(200).body("status", equalTo("success")).body("message", equalTo(THANKS));

        assertNull(hiddenReason(review), "the review stays visible while the moderators look");
        JsonPath queue = operator().queryParam("webshop_id", shop.id()).queryParam("state", "reported")
                .get("/operator/api/ratings/moderation").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of((int) review), queue.getList("reviews.review_id"));
        assertEquals("reported", queue.getString("reviews[0].state"));
        assertEquals("visitor", queue.getString("reviews[0].report.source"));
        assertEquals("spam", queue.getString("reviews[0].report.category"));
        assertEquals("spam: Advertises another shop.", queue.getString("reviews[0].report.reason"));
        assertEquals(1, queue.getInt("counts.reported"));

        JsonPath dashboard = owner(shop.id()).get("/dashboard/api/ratings/webshops/" + shop.id() + "/reviews")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(1, dashboard.getInt("items[0].visitor_reports"));
        assertEquals(false, dashboard.getBoolean("items[0].reported"), "reported: the owner's own report only");
    }

    @Test
    void anIllegalContentReportHidesTheReviewUntilTheOperatorPublishesIt() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        as(client()).body(json(shop.id(), review, "illegal", null)).post(PATH).then().statusCode(200);
        assertEquals(VisitorReports.PENDING_ILLEGAL, hiddenReason(review), "hidden pending the operator's decision");
        operator().queryParam("webshop_id", shop.id()).queryParam("state", "hidden").get("/operator/api/ratings/moderation")
                .then().statusCode(200).body("reviews.review_id", equalTo(List.of((int) review)));

        operatorChange().post("/operator/api/ratings/reviews/" + review + "/publish").then().statusCode(200);
        assertNull(hiddenReason(review), "the operator's publish restores it");
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ? and resolved_at is null", review));
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ? and client_key is not null", review),
                "client keys are blanked once decided");

        as(client()).body(json(shop.id(), review, "illegal", "Still illegal!")).post(PATH).then().statusCode(200);
        assertNull(hiddenReason(review), "after the operator kept it, visitors cannot hide it again; the report still counts");
        assertEquals(1, Db.count("select count(*) from review_report where review_id = ? and resolved_at is null", review));
    }

    @Test
    void theOperatorsDeleteRemovesAReviewHiddenAsIllegal() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        as(client()).body(json(shop.id(), review, "illegal", "Names a private person.")).post(PATH).then().statusCode(200);
        operatorChange().post("/operator/api/ratings/reviews/" + review + "/delete").then().statusCode(200);
        assertEquals(1, Db.count("select count(*) from review where id = ? and deleted_at is not null", review));
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ? and resolved_at is null", review));
    }

    @Test
    void repeatedIdenticalReportsFromOneClientStoreOneReport() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        String client = client();
        for (int i = 0; i < 2; i++) {
            as(client).body(json(shop.id(), review, "offensive", "Rude.")).post(PATH)
                    .then().statusCode(200).body("message", equalTo(THANKS));
        }
        assertEquals(1, reports(review));
        as(client()).body(json(shop.id(), review, "offensive", "Rude.")).post(PATH).then().statusCode(200);
        assertEquals(2, reports(review), "another client's report is its own");
    }

    @Test
    void aFloodFromOneClientIsRefusedWith429AndStoresNothing() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String client = client();
        for (int i = 0; i < 3; i++) {
            as(client).body(json(shop.id(), review(shop.id(), "published"), "spam", null)).post(PATH).then().statusCode(200);
        }
        long fourth = review(shop.id(), "published");
        as(client).body(json(shop.id(), fourth, "spam", null)).post(PATH).then().statusCode(429)
                .header("Retry-After", equalTo("720"))
                .body("status", equalTo("error")).body("message", equalTo("Too many reports from this address. Please try again later."));
        // A value the client puts in front of the list itself never counts as its address.
        given().header("X-Forwarded-For", "198.51.100.77, " + client).contentType("application/json")
                .body(json(shop.id(), fourth, "spam", null)).post(PATH).then().statusCode(429);
        assertEquals(0, reports(fourth));
        as(client()).body(json(shop.id(), fourth, "spam", null)).post(PATH).then().statusCode(200);
    }

    @Test
    void badInputIsRefusedWithTheEnvelopeAndStoresNothing() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Fixtures.Shop other = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        long quarantined = review(shop.id(), "quarantined");
        long othersReview = review(other.id(), "published");
        refused(json(shop.id(), 9_000_000_000_000L, "spam", null), 404, "Review not found.");
        refused(json(shop.id(), othersReview, "spam", null), 404, "Review not found.");
        refused(json(shop.id(), quarantined, "spam", null), 404, "Review not found.");
        refused(json(shop.id(), review, "boring", null), 400,
                "Invalid value for reason: expected one of spam, offensive, illegal, personal_data, off_topic, other.");
        refused(json(shop.id(), review, "spam", "x".repeat(1001)), 400, "Invalid value for text: expected at most 1000 characters.");
        refused(json(shop.id(), review, "spam", "bad\u0007bell"), 400, "Invalid value for text: contains a control character.");
        refused("{\"webshop_id\":" + shop.id() + ",\"review_id\":" + review + "}", 400, "Not all obligated variables are set.");
        refused("{\"webshop_id\":" + shop.id() + ",\"review_id\":-4,\"reason\":\"spam\"}", 400,
                "Invalid value for review_id: expected a positive integer.");
        refused("{\"webshop_id\":" + shop.id() + ",\"review_id\":" + review + ",\"reason\":[\"spam\"]}", 400,
                "Invalid value for reason: expected a string.");
        refused("not json", 400, "Invalid request body: expected a JSON object with webshop_id, review_id and reason.");
        as(client()).contentType("text/plain").body(json(shop.id(), review, "spam", null)).post(PATH).then().statusCode(415)
                .body("message", equalTo("Unsupported content type: expected application/json or application/x-www-form-urlencoded."));
        as(client()).contentType("application/x-www-form-urlencoded")
                .body("webshop_id=" + shop.id() + "&review_id=" + review + "&reason=spam&reason=other").post(PATH)
                .then().statusCode(400).body("message", equalTo("Invalid value for reason: given more than once."));
        assertEquals(0, Db.count("select count(*) from review_report where webshop_id in (?, ?)", shop.id(), other.id()));
    }

    @Test
    void theFormPostIsRedirectedToTheReportPagesThanks() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id(), "published");
        as(client()).contentType("application/x-www-form-urlencoded").redirects().follow(false)
                .formParam("webshop_id", String.valueOf(shop.id())).formParam("review_id", String.valueOf(review))
                .formParam("reason", "personal_data").formParam("text", "Mijn naam & adres staan erin.").formParam("lang", "nl")
                .post(PATH).then().statusCode(303)
                .header("Location", equalTo("/shop/" + shop.id() + "/reviews/" + review + "/report?lang=nl&sent=1"));
        assertEquals(1, Db.count("select count(*) from review_report where review_id = ? and source = 'visitor' "
                + "and category = 'personal_data' and reason = 'Mijn naam & adres staan erin.'", review));
    }

    private void refused(String body, int status, String message) {
        as(client()).body(body).post(PATH).then().statusCode(status)
                .body("status", equalTo("error")).body("message", equalTo(message));
    }

    private static RequestSpecification as(String client) {
        return given().header("X-Forwarded-For", client).contentType("application/json");
    }

    /** A fresh client address per call (documentation range, never a real client). */
    private static String client() {
        int n = CLIENTS.incrementAndGet();
        return "203.0." + (n / 250 % 250) + "." + (1 + n % 250);
    }

    private String json(long webshopId, long reviewId, String reason, String text) {
        try {
            Map<String, Object> body = new java.util.LinkedHashMap<>();
            body.put("webshop_id", webshopId);
            body.put("review_id", reviewId);
            body.put("reason", reason);
            if (text != null) {
                body.put("text", text);
            }
            return mapper.writeValueAsString(body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A review row of the webshop, {@code state} published or quarantined. */
    private static long review(long webshopId, String state) {
        return Db.count("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, "
                + "shippingtime, customerservice, pricequality, aftersale, comment, quarantine, verified, held, created_at, "
                + "modified_at) values (?, 'form', '', 'Jan', 'jan@example.com', 'NL', 'nl', 2, 2, 2, 2, 2, 'Slecht.', ?, "
                + "false, false, now(), now()) returning id", webshopId, state.equals("quarantined"));
    }

    private static String hiddenReason(long review) {
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select hidden_reason from review where id = ?")) {
            statement.setLong(1, review);
            var rows = statement.executeQuery();
            rows.next();
            return rows.getString(1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long reports(long review) {
        return Db.count("select count(*) from review_report where review_id = ?", review);
    }

    private RequestSpecification operator() {
        return given().cookie(OperatorSessions.COOKIE, new OperatorSessions("test-operator-session-key-0123456789abcdef", mapper)
                .open("mia", OperatorRole.MODERATOR, Instant.now()));
    }

    private RequestSpecification operatorChange() {
        return operator().header(OperatorSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    private RequestSpecification owner(long webshopId) {
        return given().cookie(OwnerSessions.COOKIE, new OwnerSessions("test-dashboard-session-key-0123456789abcdef", mapper)
                .open(7, "owner7@example.com", List.of(webshopId), Instant.now()));
    }
}
