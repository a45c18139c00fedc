package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.HostileValues;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever generated hostile value ({@link HostileValues}) reaches any public endpoint of ratings-service
 * or any field of a {@code reviews.submitted} record, the answer is never a 5xx, a JSON answer is the envelope, what
 * was stored does not change, nothing the text rule refuses is stored, and a normal review after them is still stored.
 */
@QuarkusTest
class HostileInputTest {
    private static final List<String> RATINGS_PARAMETERS = List.of("id", "code", "public_code", "language", "offset", "limit");
    private static final List<String> FEED_PARAMETERS = List.of("id", "code", "detailed", "last_synced", "schema");
    private static final List<String> REVIEW_FIELDS = List.of("name", "email", "comment", "order_number", "country",
            "language", "client_address", "event_id", "origin");

    @Test
    void hostileValuesAtEveryEndpointAndInEveryReviewFieldChangeNothingAndStopNothing() {
        Fixtures.Shop shop = Fixtures.webshop(true);
        ReviewSubmitted existing = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(existing);
        Fixtures.awaitReview(shop, existing.email());
        long reviewId = Fixtures.ratings(shop).getLong("ratings[0].id");
        String before = row(reviewId);
        long unknownReview = reviewId + 1_000_000_000L;  // replies that pass the checks answer 404 and change nothing

        for (String value : HostileValues.sample(HostileValues.inQuery(), 60)) {
            for (String parameter : RATINGS_PARAMETERS) {
                envelope(given().queryParams(withOne(shop, parameter, value)).get("/api/1.0/ratings.json"), value);
                envelope(given().queryParams(withOne(shop, parameter, value)).get("/api/1.0/ratings_summary.json"), value);
            }
            for (String parameter : FEED_PARAMETERS) {
                noServerError(given().queryParams(withOne(shop, parameter, value)).get("/api/1.0/product_reviews.xml"), value);
            }
        }
        List<String> records = new ArrayList<>();
        for (String value : HostileValues.sample(HostileValues.any(), 60)) {
            for (String field : List.of("review_id", "reply", "notify")) {
                ObjectNode body = Fixtures.MAPPER.createObjectNode().put("review_id", unknownReview).put("reply", "Thanks!")
                        .put("notify", false);
                body.put(field, value);
                envelope(given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("application/json")
                        .body(body.toString()).post("/api/1.0/review_replies.json"), value);
            }
            for (String field : List.of("webshop_id", "review_id", "reason", "text")) {
                // a visitor's report, as JSON and as the pages' form, each from its own client (the rate limit)
                Map<String, String> fields = new java.util.HashMap<>(Map.of("webshop_id", String.valueOf(shop.id()),
                        "review_id", String.valueOf(unknownReview), "reason", "spam", "text", "Nep"));
                fields.put(field, value);
                ObjectNode report = Fixtures.MAPPER.createObjectNode();
                fields.forEach(report::put);
                envelope(given().header("X-Forwarded-For", nextClient()).contentType("application/json").body(report.toString())
                        .post("/api/1.0/review_reports.json"), value);
                envelope(given().header("X-Forwarded-For", nextClient()).contentType("application/x-www-form-urlencoded")
                        .formParams(fields).post("/api/1.0/review_reports.json"), value);
            }
            for (String field : REVIEW_FIELDS) {
                ObjectNode review = Fixtures.tree(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM));
                review.put(field, value);
                records.add(review.toString());
            }
        }
        records.forEach(record -> KafkaTestClient.send(Topics.REVIEWS_SUBMITTED.name(), String.valueOf(shop.id()), record));
        ReviewSubmitted normal = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(normal);

        Fixtures.awaitReview(shop, normal.email());
        assertEquals(before, row(reviewId), "the stored review did not change");
        assertEquals(0, Db.count("select count(*) from review_report where webshop_id = ?", shop.id()), "no report stored");
        for (Map<?, ?> item : Fixtures.ratings(shop).getList("ratings", Map.class)) {
            for (String field : List.of("name", "email", "comment")) {
                String text = String.valueOf(item.get(field));
                assertTrue(TextInput.acceptable(text, TextInput.Kind.TEXT), "stored " + field + ": " + printable(text));
            }
        }
    }

    private static int clients;

    private static String nextClient() {
        clients++;
        return "198.18." + (clients / 250 % 250) + "." + (1 + clients % 250);
    }

    private static Map<String, Object> withOne(Fixtures.Shop shop, String parameter, String value) {
        Map<String, Object> parameters = new java.util.HashMap<>(Map.of("id", shop.id(), "code", shop.code()));
        parameters.put(parameter, value);
        return parameters;
    }

    private static void envelope(Response response, String value) {
        noServerError(response, value);
        String status = response.jsonPath().getString("status");
        assertTrue("success".equals(status) || "error".equals(status), "envelope for " + printable(value));
        assertTrue(response.statusCode() < 400 || "error".equals(status), "an error answer is an error envelope");
    }

    private static void noServerError(Response response, String value) {
        assertTrue(response.statusCode() < 500, response.statusCode() + " for " + printable(value) + ": "
                + response.asString().substring(0, Math.min(200, response.asString().length())));
    }

    private static String row(long reviewId) {
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select name, email, rating, comment, reaction, verified, held, quarantine, modified_at from review where id = ?")) {
            statement.setLong(1, reviewId);
            try (var rows = statement.executeQuery()) {
                assertTrue(rows.next());
                StringBuilder text = new StringBuilder();
                for (int column = 1; column <= 9; column++) {
                    text.append(rows.getString(column)).append('|');
                }
                return text.toString();
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String printable(String value) {
        StringBuilder out = new StringBuilder();
        value.codePoints().limit(60).forEach(cp -> out.append(cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff)
                ? String.format("\\u%04x", cp) : new String(Character.toChars(cp))));
        return out.toString();
    }
}
