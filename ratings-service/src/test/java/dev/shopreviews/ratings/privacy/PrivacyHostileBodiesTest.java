package dev.shopreviews.ratings.privacy;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile and clumsy bodies at the privacy page's edit (a @Valid record): each is the 400 envelope with the exact
 * message of the first wrong field in the documented order (rating, the four sub-ratings, comment), never a 5xx,
 * and the review stays as it was.
 */
@QuarkusTest
class PrivacyHostileBodiesTest {
    static final String NOT_OBJECT = "Invalid request body: expected a JSON object with rating, shippingtime, customerservice, "
            + "pricequality, aftersale and comment.";
    static final String[] SCORES = {"rating", "shippingtime", "customerservice", "pricequality", "aftersale"};

    @Test
    void everyWrongTypeIsRefusedInTheDocumentedOrder() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String mine = PrivacyFixtures.address("hostile");
        long id = PrivacyFixtures.review(shop, mine, ReviewSubmitted.ORIGIN_INVITATION);
        String cookie = PrivacyFixtures.cookie(mine);

        Map<String, String> refused = new LinkedHashMap<>();
        for (String body : new String[]{"", "null", "[]", "\"4\"", "4", "{\"rating\":", "rating=4"}) {
            refused.put(body, NOT_OBJECT);
        }
        for (String field : SCORES) {
            for (String value : new String[]{"\"4\"", "4.5", "4.0", "true", "[4]", "{}", "null", "4294967301", "\"\\u0664\""}) {
                refused.put(body(field, value), "Invalid value for " + field + ": expected an integer from 1 to 5.");
            }
            refused.put(body(field, null), "Invalid value for " + field + ": expected an integer from 1 to 5.");
        }
        for (String comment : new String[]{"7", "false", "[\"Goed\"]", "{\"text\":\"Goed\"}"}) {
            refused.put(body("comment", comment), "Invalid value for comment: expected a string or null.");
        }
        refused.put(body("comment", "\"Goed\\u0000\""), "Invalid value for comment: contains a control character.");
        refused.put(body("comment", "\"" + "x".repeat(70_000) + "\""), "Invalid review: comment is longer than 5000 characters.");
        // The first wrong field of the record's order, not of the document's: comment and aftersale come first here.
        refused.put("{\"comment\":7,\"aftersale\":\"x\",\"shippingtime\":9,\"rating\":\"4\"}",
                "Invalid value for rating: expected an integer from 1 to 5.");
        refused.put("{\"comment\":7,\"aftersale\":\"x\",\"rating\":4,\"shippingtime\":4,\"customerservice\":4,\"pricequality\":4}",
                "Invalid value for aftersale: expected an integer from 1 to 5.");

        refused.forEach((body, message) -> {
            changer(cookie).contentType("application/json").body(body).put("/privacy/api/reviews/" + id).then().statusCode(400)
                    .header("Cache-Control", "no-store").body("", equalTo(Map.of("status", "error", "message", message)));
            changer(cookie).contentType("text/plain").body(body).put("/privacy/api/reviews/" + id).then().statusCode(400)
                    .body("message", equalTo(message));
        });
        assertEquals(1, Db.count("select count(*) from review where id = ? and rating = 4 and comment like 'Snel geleverd%'", id));

        given().header(PrivacySessions.CSRF_HEADER, "1").contentType("application/json").body(body("rating", "\"4\""))
                .put("/privacy/api/reviews/" + id).then().statusCode(401);
        given().cookie(PrivacySessions.COOKIE, cookie).contentType("application/json").body(body("rating", "\"4\""))
                .put("/privacy/api/reviews/" + id).then().statusCode(403);
    }

    /** A valid edit with {@code field} set to the JSON {@code value} (absent when null). */
    private static String body(String field, String value) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String score : SCORES) {
            fields.put(score, "4");
        }
        fields.put("comment", "\"Prima\"");
        if (value == null) {
            fields.remove(field);
        } else {
            fields.put(field, value);
        }
        StringBuilder json = new StringBuilder("{");
        fields.forEach((name, json1) -> json.append(json.length() > 1 ? "," : "").append('"').append(name).append("\":").append(json1));
        return json.append('}').toString();
    }

    private static RequestSpecification changer(String cookie) {
        return given().cookie(PrivacySessions.COOKIE, cookie).header(PrivacySessions.CSRF_HEADER, "1");
    }
}
