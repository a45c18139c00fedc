package dev.shopreviews.ratings.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.StateChangingEndpoints;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every state-changing endpoint of ratings-service (POST, PUT, PATCH, DELETE of its resources, found by reflection)
 * is either audited, and then a scenario calls it and finds the entry (actor, action, subject) without the
 * reviewer's data, or listed in {@link #NOT_AUDITED} with the reason. A new endpoint fails here until it is one or
 * the other.
 */
@QuarkusTest
class EveryChangeIsAuditedTest {
    static final String OWNER_KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String OPERATOR_KEY = "test-operator-session-key-0123456789abcdef";
    static final String TOKEN = "Bearer test-operator-token";

    /** Endpoints that change state but write no audit entry, and why. */
    static final Map<String, String> NOT_AUDITED = Map.of(
            "ReviewReportsResource#report", "a visitor's report of a review (no account): recorded in review_report",
            "PrivacyReviewsResource#edit", "the reviewer's own change of their review on the privacy page (no account): "
                    + "the review's modified time and reviews.updated record it",
            "PrivacyReviewsResource#delete", "the reviewer's own deletion on the privacy page (no account): the review's "
                    + "deleted time and reviews.deleted record it");

    enum By { OWNER, API_CODE, TOKEN, OPERATOR }

    /** The shop, a review of it full of personal data, and the sessions. */
    record Context(Fixtures.Shop shop, long review, String ownerCookie, String operatorCookie, String secret) {
    }

    /** One call of an audited endpoint answering the subject it changed; the expected action and actor. */
    record Scenario(String action, By by, Function<Context, String> call) {
    }

    static final Map<String, Scenario> AUDITED = Map.ofEntries(
            Map.entry("AdminReviewsResource#read", new Scenario("review.read", By.TOKEN, c -> {
                token().post("/admin/reviews/" + c.review() + "/read").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("AdminReviewsResource#unread", new Scenario("review.unread", By.TOKEN, c -> {
                token().delete("/admin/reviews/" + c.review() + "/read").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("AdminReviewsResource#quarantine", new Scenario("review.quarantine", By.TOKEN, c -> {
                token().contentType("application/json").body("{\"reason\":\"Link to a coupon site.\"}")
                        .post("/admin/reviews/" + c.review() + "/quarantine").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("AdminReviewsResource#release", new Scenario("review.release", By.TOKEN, c -> {
                token().delete("/admin/reviews/" + c.review() + "/quarantine").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("AdminReviewsResource#delete", new Scenario("review.delete", By.TOKEN, c -> {
                token().delete("/admin/reviews/" + c.review()).then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("ModerationResource#publish", new Scenario("review.publish", By.OPERATOR, c -> {
                console(c).post("/operator/api/ratings/reviews/" + c.review() + "/publish").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("ModerationResource#hide", new Scenario("review.hide", By.OPERATOR, c -> {
                console(c).body("{\"reason\":\"Names a member of staff.\"}")
                        .post("/operator/api/ratings/reviews/" + c.review() + "/hide").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("ModerationResource#delete", new Scenario("review.delete", By.OPERATOR, c -> {
                console(c).post("/operator/api/ratings/reviews/" + c.review() + "/delete").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("DashboardResource#reply", new Scenario("review.reply", By.OWNER, c -> {
                owner(c).body("{\"reply\":\"Thank you " + c.secret() + "\",\"notify\":false}")
                        .post(dashboard(c) + "/reviews/" + c.review() + "/reply").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("DashboardResource#report", new Scenario("review.report", By.OWNER, c -> {
                owner(c).body("{\"reason\":\"Not one of our customers.\"}")
                        .post(dashboard(c) + "/reviews/" + c.review() + "/report").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("DashboardResource#incentivized", new Scenario("review.incentivized", By.OWNER, c -> {
                owner(c).body("{\"incentivized\":true}")
                        .post(dashboard(c) + "/reviews/" + c.review() + "/incentivized").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("DashboardResource#importCsv", new Scenario("reviews.imported", By.OWNER, c -> {
                String source = "old" + Fixtures.letters(6).toLowerCase();
                owner(c).contentType("text/csv; charset=UTF-8")
                        .body("source_review_id,created,name,email,language,rating,comment\nr-1,2022-01-01,Importee "
                                + c.secret() + ",importee-" + c.secret() + "@example.com,nl,4,Text " + c.secret() + "\n")
                        .post(dashboard(c) + "/imports?source=" + source + "&dry_run=false").then().statusCode(200);
                return "import:" + source;
            })),
            Map.entry("ReviewRepliesResource#add", new Scenario("review.reply", By.API_CODE, c -> {
                api(c).contentType("application/json").body("{\"review_id\":" + c.review() + ",\"reply\":\"Thanks "
                        + c.secret() + "\"}").post("/api/1.0/review_replies.json").then().statusCode(200);
                return "review:" + c.review();
            })),
            Map.entry("ReviewImportsResource#importReviews", new Scenario("reviews.imported", By.API_CODE, c -> {
                String source = "old" + Fixtures.letters(6).toLowerCase();
                api(c).contentType("application/json").body("{\"source\":\"" + source + "\",\"reviews\":[{\"source_review_id\":"
                                + "\"r-1\",\"created\":\"2022-01-01\",\"name\":\"Importee " + c.secret() + "\",\"email\":\"importee-"
                                + c.secret() + "@example.com\",\"language\":\"nl\",\"rating\":5,\"comment\":\"Text " + c.secret() + "\"}]}")
                        .post("/api/1.0/review_imports.json").then().statusCode(200);
                return "import:" + source;
            })));

    @Inject
    ObjectMapper mapper;

    @Test
    void everyStateChangingEndpointIsAuditedWithoutPersonalDataOrListedWithItsReason() throws Exception {
        StateChangingEndpoints.assertAccountedFor("dev/shopreviews/ratings", AUDITED.keySet(), NOT_AUDITED);

        Fixtures.Shop shop = Fixtures.webshop(true);
        long ownerId = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
        String ownerCookie = new OwnerSessions(OWNER_KEY, mapper).open(ownerId, "owner" + ownerId + "@example.com",
                List.of(shop.id()), Instant.now());
        String operatorCookie = new OperatorSessions(OPERATOR_KEY, mapper).open("mia", OperatorRole.ADMIN, Instant.now());
        for (Map.Entry<String, Scenario> endpoint : AUDITED.entrySet()) {
            String secret = Fixtures.letters(10).toLowerCase();
            long review = insertReview(shop.id(), secret);
            Context context = new Context(shop, review, ownerCookie, operatorCookie, secret);
            long before = Db.count("select coalesce(max(id), 0) from audit_entry");
            Scenario scenario = endpoint.getValue();
            String subject = scenario.call().apply(context);

            String actor = switch (scenario.by()) {
                case OWNER -> "owner:" + ownerId;
                case API_CODE -> "api-code:webshop:" + shop.id();
                case TOKEN -> "token:operator-token";
                case OPERATOR -> "operator:mia";
            };
            assertEquals(1, Db.count("select count(*) from audit_entry where id > ? and webshop_id = ? and action = ? "
                            + "and actor = ? and subject = ? and at > now() - interval '5 minutes'", before, shop.id(),
                    scenario.action(), actor, subject), endpoint.getKey() + " wrote no " + scenario.action() + " entry by "
                    + actor + " on " + subject);
            String entries = Db.text("select string_agg(concat_ws(' ', actor, action, subject, \"before\", \"after\"), ' ') "
                    + "from audit_entry where id > ? and webshop_id = ?", before, shop.id());
            assertFalse(entries.contains(secret), endpoint.getKey() + ": no reviewer's name, address or text: " + entries);
            assertFalse(entries.contains("@"), endpoint.getKey() + ": no e-mail address: " + entries);
        }
    }

    /** A review whose name, address and comment carry {@code secret}, so the audit log can be searched for them. */
    static long insertReview(long webshopId, String secret) {
        Timestamp at = Timestamp.from(Instant.now().minusSeconds(60));
        return Db.count("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, "
                        + "shippingtime, customerservice, pricequality, aftersale, comment, quarantine, verified, held, reaction, "
                        + "created_at, modified_at) values (?, 'form', ?, ?, ?, 'NL', 'nl', 4, 5, 4, 3, 4, ?, false, false, "
                        + "false, '', ?, ?) returning id",
                webshopId, "A-" + secret, "Jan " + secret, "jan-" + secret + "@example.com", "Quick delivery " + secret, at, at);
    }

    static RequestSpecification token() {
        return given().header("Authorization", TOKEN);
    }

    static RequestSpecification api(Context c) {
        return given().queryParam("id", c.shop().id()).queryParam("code", c.shop().code());
    }

    static RequestSpecification owner(Context c) {
        return given().cookie(OwnerSessions.COOKIE, c.ownerCookie()).header(OwnerSessions.CSRF_HEADER, "1")
                .contentType("application/json");
    }

    static RequestSpecification console(Context c) {
        return given().cookie(OperatorSessions.COOKIE, c.operatorCookie()).header(OperatorSessions.CSRF_HEADER, "1")
                .contentType("application/json");
    }

    static String dashboard(Context c) {
        return "/dashboard/api/ratings/webshops/" + c.shop().id();
    }
}
