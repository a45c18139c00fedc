package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile and clumsy JSON bodies at the endpoints whose bodies bind to validated records (the dashboard's report and
 * incentive flag, the console's hide): strings for numbers and booleans, numbers for text, arrays, null, missing
 * fields, huge and poisoned texts. Each is the spec's 400 envelope with its exact message, whatever the content type,
 * never a 5xx, and changes nothing; the credentials are still checked before the body.
 */
@QuarkusTest
class DashboardHostileBodiesTest {
    static final String REPORT_NOT_OBJECT = "Invalid request body: expected a JSON object with reason.";
    static final String REPORT_REASON = "Invalid value for reason: expected 3 to 1000 characters.";
    static final String INCENTIVE = "Invalid request body: expected a JSON object with incentivized true or false.";
    static final String HIDE_REASON = "Invalid value for reason: expected one line of 3 to 300 characters.";

    @Inject
    ObjectMapper mapper;

    @Test
    void reportsRefuseEveryBodyButAReason() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = row(shop.id()).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        String path = base(shop.id()) + "/reviews/" + review + "/report";

        Map<String, String> refused = notAnObject(REPORT_NOT_OBJECT);
        for (String reason : new String[]{"42", "4.5", "true", "[\"Never ordered\"]", "{\"text\":\"Never ordered\"}", "null",
                "\"ab\"", "\"  \\n  \"", "\"" + "x".repeat(1001) + "\"", "\"" + "x".repeat(70_000) + "\""}) {
            refused.put("{\"reason\":" + reason + "}", REPORT_REASON);
        }
        refused.put("{}", REPORT_REASON);
        refused.put("{\"Reason\":\"Never ordered from us.\"}", REPORT_REASON);
        refused.put("{\"reason\":\"Never\\u0000 ordered\"}", "Invalid value for reason: contains a control character.");
        refused.put("{\"reason\":\"Never ordered\",\"note\":\"\\u001b[31m\"}", "Invalid value for note: contains a control character.");
        refused.put("{\"reason\":\"Never \\ud800 ordered\"}", "Invalid value for reason: contains an invalid character.");
        assertRefused(refused, () -> ownerChange(cookie), path);
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ?", review), "nothing stored");

        owner(cookie).body("{\"reason\":42}").post(path).then().statusCode(403);
        ownerChange(cookie).body("{\"reason\":\" Never ordered from us. \"}").post(path).then().statusCode(200)
                .body("message", equalTo("Review reported."));
    }

    @Test
    void theIncentiveFlagTakesOnlyABoolean() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = row(shop.id()).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        String path = base(shop.id()) + "/reviews/" + review + "/incentivized";

        Map<String, String> refused = notAnObject(INCENTIVE);
        for (String flag : new String[]{"\"true\"", "\"false\"", "1", "0", "1.0", "null", "[]", "[true]", "{}", "\"" + "x".repeat(70_000) + "\""}) {
            refused.put("{\"incentivized\":" + flag + "}", INCENTIVE);
        }
        refused.put("{\"Incentivized\":true}", INCENTIVE);
        refused.put("{\"incentivized\":true,\"x\":\"\\u0000\"}", "Invalid value for x: contains a control character.");
        assertRefused(refused, () -> ownerChange(cookie), path);
        assertEquals(0, Db.count("select count(*) from review where id = ? and incentivized", review));

        given().header("X-Dashboard-Request", "1").contentType("application/json").body("{\"incentivized\":\"yes\"}").post(path)
                .then().statusCode(401);
        ownerChange(cookie).body("{\"incentivized\":true,\"unknown\":[1,{}]}").post(path).then().statusCode(200);
        assertEquals(1, Db.count("select count(*) from review where id = ? and incentivized", review));
    }

    @Test
    void aReplyIsCheckedAfterTheReplyAccessWithTheShopApisRules() {
        Fixtures.Shop withAccess = Fixtures.webshop(true);
        long review = row(withAccess.id()).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), withAccess.id());
        String path = base(withAccess.id()) + "/reviews/" + review + "/reply";

        Map<String, String> refused = notAnObject("Invalid request body: expected a JSON object with reply and notify.");
        String empty = "Invalid value for reply: expected a non-empty string.";
        for (String reply : new String[]{"42", "4.5", "true", "[\"Thanks\"]", "{}", "null", "\"\"", "\"  \\n \""}) {
            refused.put("{\"reply\":" + reply + "}", empty);
        }
        refused.put("{\"notify\":true}", empty);
        refused.put("{\"reply\":\"" + "x".repeat(5001) + "\"}", "Invalid value for reply: at most 5000 characters.");
        refused.put("{\"reply\":\"" + "x".repeat(70_000) + "\"}", "Invalid value for reply: at most 5000 characters.");
        for (String notify : new String[]{"\"true\"", "1", "null", "[]"}) {
            refused.put("{\"reply\":\"Thanks\",\"notify\":" + notify + "}", "Invalid value for notify: expected true or false.");
        }
        // The first wrong field of the record's order: reply before notify, wherever they stand.
        refused.put("{\"notify\":\"yes\",\"reply\":7}", empty);
        refused.put("{\"reply\":\"Thanks\\u0000\"}", "Invalid value for reply: contains a control character.");
        assertRefused(refused, () -> ownerChange(cookie), path);
        assertEquals(0, Db.count("select count(*) from review where id = ? and reaction_at is not null", review), "nothing stored");

        Fixtures.Shop withoutAccess = Fixtures.webshop(false);
        long theirs = row(withoutAccess.id()).insert();
        String owner = ownerCookie(mapper, DashboardFixtures.ownerId(), withoutAccess.id());
        ownerChange(owner).body("{\"reply\":7}").post(base(withoutAccess.id()) + "/reviews/" + theirs + "/reply").then()
                .statusCode(403).body("message", equalTo(dev.shopreviews.ratings.reply.service.Replies.NO_REPLY_ACCESS));
    }

    @Test
    void theConsolesHideTakesOneLineOfThreeToThreeHundredCharacters() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = row(shop.id()).insert();
        String path = "/operator/api/ratings/reviews/" + review + "/hide";

        Map<String, String> refused = notAnObject("Invalid request body: expected a JSON object with reason.");
        for (String reason : new String[]{"42", "4.5", "false", "[\"Spam\"]", "{}", "null", "\"ab\"", "\"  abc  \"".replace("abc", "a"),
                "\"" + "x".repeat(301) + "\"", "\"" + "x".repeat(70_000) + "\""}) {
            refused.put("{\"reason\":" + reason + "}", HIDE_REASON);
        }
        refused.put("{}", HIDE_REASON);
        refused.put("{\"reason\":\"two\\nlines\"}", "Invalid value for reason: must be a single line.");
        refused.put("{\"reason\":\"tab\\there\"}", "Invalid value for reason: must be a single line.");
        refused.put("{\"reason\":\"bell\\u0007here\"}", "Invalid value for reason: contains a control character.");
        assertRefused(refused, () -> DashboardFixtures.operatorChange(mapper), path);
        assertEquals(0, Db.count("select count(*) from review where id = ? and hidden_reason is not null", review), "nothing hidden");

        given().header(OperatorSessions.CSRF_HEADER, "1").contentType("application/json").body("{\"reason\":7}").post(path)
                .then().statusCode(401).body("message", equalTo("Sign in to the operator console."));
        DashboardFixtures.operator(mapper).contentType("application/json").body("{\"reason\":7}").post(path).then().statusCode(403)
                .body("message", equalTo("This request must come from the operator console."));
    }

    /** The bodies no endpoint takes: empty, not JSON, or JSON that is no object. */
    private static Map<String, String> notAnObject(String message) {
        Map<String, String> refused = new LinkedHashMap<>();
        for (String body : new String[]{"", " ", "null", "[]", "[{\"reason\":\"Never ordered\"}]", "\"text\"", "42", "true",
                "{not json", "{\"reason\":", "<reason>x</reason>"}) {
            refused.put(body, message);
        }
        return refused;
    }

    /** Each body refused with its message, as JSON, as text/plain and without a content type. */
    private static void assertRefused(Map<String, String> refused, Supplier<RequestSpecification> caller, String path) {
        refused.forEach((body, message) -> {
            caller.get().body(body).post(path).then().statusCode(400)
                    .body("", equalTo(Map.of("status", "error", "message", message)));
            caller.get().contentType("text/plain; charset=UTF-8").body(body).post(path).then().statusCode(400)
                    .body("message", equalTo(message));
        });
    }
}
