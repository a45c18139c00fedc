package dev.shopreviews.ratings.imports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /api/1.0/review_imports.json: a shop's reviews from another provider (an extension of the spec). */
@QuarkusTest
class ReviewImportsTest {

    @Test
    void importedReviewsKeepTheirDateAndAreLabelledWithTheirSourceButNeverVerified() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String name = "Imported " + Fixtures.letters(8);
        ObjectNode row = row("r-1", "2021-03-04T10:15:00Z", name, 5);
        row.put("verified_purchase", true);
        row.set("ratings", Fixtures.MAPPER.createObjectNode().put("shippingtime", 4).put("customerservice", 3)
                .put("pricequality", 2).put("aftersale", 1));
        post(shop, body("oldprovider", row, row("r-2", "2019-12-31", "Piet", 2))).statusCode(200)
                .body("status", equalTo("success")).body("message", equalTo("Reviews imported"))
                .body("source", equalTo("oldprovider")).body("imported", equalTo(2))
                .body("already_imported", equalTo(List.of()));

        JsonPath ratings = Fixtures.ratings(shop);
        assertEquals(2, ratings.getInt("total"));
        Map<String, Object> first = ratings.getMap("ratings.find { it.name == '" + name + "' }");
        assertEquals("2021-03-04 10:15:00", first.get("created"));
        assertEquals("2021-03-04", first.get("date"));
        assertEquals(5, first.get("rating"));
        assertEquals(Map.of("shippingtime", 4, "customerservice", 3, "pricequality", 2, "aftersale", 1), first.get("ratings"));
        assertEquals("Goed geholpen, " + name, first.get("comment"));
        assertEquals("nl", first.get("language"));
        assertEquals(false, first.get("verified"), "never verified by us, whatever the source says");
        assertEquals(true, first.get("imported"));
        assertEquals("oldprovider", first.get("import_source"));
        Map<String, Object> second = ratings.getMap("ratings.find { it.name == 'Piet' }");
        assertEquals("2019-12-31 00:00:00", second.get("created"));
        assertEquals(Map.of("shippingtime", 2, "customerservice", 2, "pricequality", 2, "aftersale", 2), second.get("ratings"),
                "without sub-ratings each is the overall rating");
        // The public view shows the label too, and the summary counts them like other published reviews.
        given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode()).get("/api/1.0/ratings.json")
                .then().statusCode(200).body("ratings.imported", equalTo(List.of(true, true)))
                .body("ratings.import_source", equalTo(List.of("oldprovider", "oldprovider")));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().statusCode(200).body("data.amount", equalTo(2)).body("data.rating_average", equalTo(3.5f));
    }

    @Test
    void ourOwnReviewsAreLabelledNotImported() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted own = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(own);
        Map<String, Object> item = Fixtures.awaitReview(shop, own.email());
        assertEquals(false, item.get("imported"));
        assertTrue(item.containsKey("import_source"));
        assertEquals(null, item.get("import_source"));
        assertEquals(true, item.get("verified"));
    }

    @Test
    void importingTheSameReviewsAgainStoresNothingNewAndNamesThem() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String body = body("oldprovider", row("a", "2022-01-01", "Anna", 4), row("b", "2022-01-02", "Bert", 3));
        List<Long> ids = post(shop, body).statusCode(200).body("imported", equalTo(2)).extract().jsonPath()
                .getList("review_ids", Long.class);
        assertEquals(2, ids.size());

        post(shop, body).statusCode(200).body("imported", equalTo(0)).body("review_ids", equalTo(List.of()))
                .body("already_imported", equalTo(List.of("a", "b")));
        post(shop, body("oldprovider", row("b", "2022-01-02", "Bert", 3), row("c", "2022-01-03", "Cees", 5)))
                .statusCode(200).body("imported", equalTo(1)).body("already_imported", equalTo(List.of("b")));
        // The same id from another source is another review.
        post(shop, body("otherprovider", row("a", "2022-01-01", "Anna", 4))).statusCode(200).body("imported", equalTo(1));

        assertEquals(4, Fixtures.ratings(shop).getInt("total"));
    }

    @Test
    void anImportAnnouncesReviewsCreatedAndTheWebshopsSummary() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String name = "Announced " + Fixtures.letters(8);
        post(shop, body("oldprovider", row("x-1", "2023-06-01", name, 4))).statusCode(200);

        List<ConsumerRecord<String, String>> created = KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(name), 1, Duration.ofSeconds(30));
        assertEquals(1, created.size());
        JsonNode event = Fixtures.MAPPER.readTree(created.get(0).value());
        assertTrue(event.get("published").asBoolean());
        assertFalse(event.get("review").get("verified").asBoolean());
        List<ConsumerRecord<String, String>> summaries = KafkaTestClient.await(Topics.RATINGS_SUMMARY.name(),
                record -> String.valueOf(shop.id()).equals(record.key()), 1, Duration.ofSeconds(30));
        assertEquals(1, Fixtures.MAPPER.readTree(summaries.get(0).value()).get("amount").asInt());
    }

    @Test
    void reviewsCreatedNamesTheImportSourceOfAnImportedReviewAndNoneForOurOwn() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String name = "Sourced " + Fixtures.letters(8);
        post(shop, body("oldprovider", row("s-1", "2023-06-01", name, 4))).statusCode(200);
        ReviewSubmitted own = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        Fixtures.submit(own);

        JsonNode imported = Fixtures.MAPPER.readTree(KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(name), 1, Duration.ofSeconds(30)).get(0).value());
        assertEquals("oldprovider", imported.get("import_source").asText());
        assertFalse(imported.get("review").has("import_source"), "the spec's item stays as it is");
        JsonNode ours = Fixtures.MAPPER.readTree(KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.value().contains(own.comment()), 1, Duration.ofSeconds(30)).get(0).value());
        assertTrue(ours.has("import_source"));
        assertTrue(ours.get("import_source").isNull());
    }

    @Test
    void importedReviewsStayOutOfTheProductFeedUnlessTheirSourceCollectedThemAsVerifiedPurchases() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ObjectNode verified = row("v-1", "2024-02-01", "Vera", 5);
        verified.put("verified_purchase", true);
        verified.set("products", product("sku-verified", "Source verified product text"));
        ObjectNode plain = row("p-1", "2024-02-02", "Paul", 4);
        plain.set("products", product("sku-plain", "Unverified product text"));
        post(shop, body("oldprovider", verified, plain)).statusCode(200).body("imported", equalTo(2));

        String feed = given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .get("/api/1.0/product_reviews.xml").then().statusCode(200).extract().asString();
        assertTrue(feed.contains("Source verified product text"), feed);
        assertFalse(feed.contains("Unverified product text"), feed);
        String feed24 = given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("schema", "2.4")
                .get("/api/1.0/product_reviews.xml").then().statusCode(200).extract().asString();
        assertFalse(feed24.contains("Unverified product text"), feed24);
        assertTrue(feed24.contains("<is_verified_purchase>false</is_verified_purchase>"), "we did not verify it: " + feed24);
        assertFalse(feed24.contains("<is_verified_purchase>true</is_verified_purchase>"), feed24);
        assertFalse(feed24.contains("<collection_method>"), "we do not know how the source collected it: " + feed24);
    }

    @Test
    void transparencyFiguresShowImportedReviewsSeparately() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String recent = Instant.now().minus(10, ChronoUnit.DAYS).toString();
        ObjectNode verified = row("t-1", recent, "Tom", 5);
        verified.put("verified_purchase", true);
        post(shop, body("oldprovider", verified, row("t-2", recent, "Tim", 3))).statusCode(200);

        given().queryParam("id", shop.id()).get("/api/1.0/transparency.json").then().statusCode(200)
                .body("imported.reviews", equalTo(2)).body("imported.source_verified_purchase", equalTo(1))
                .body("collected.verified", equalTo(List.of(0, 0, 0)))
                .body("collected.unverified", equalTo(List.of(0, 0, 0)))
                .body("moderation.published", equalTo(2));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "not json|{\"source\":|Invalid request body: expected a JSON object with source and reviews.",
            "no object|[1,2]|Invalid request body: expected a JSON object with source and reviews.",
            "missing source|{\"reviews\":[ROW]}|Invalid value for source",
            "bad source|{\"source\":\"a/b\",\"reviews\":[ROW]}|Invalid value for source",
            "no reviews|{\"source\":\"old\",\"reviews\":[]}|Invalid value for reviews",
            "reviews not an array|{\"source\":\"old\",\"reviews\":{}}|Invalid value for reviews",
            "rating 6|{\"source\":\"old\",\"reviews\":[ROW,{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\",\"language\":\"nl\",\"rating\":6}]}|row 2: rating must be an integer from 1 to 5",
            "rating text|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\",\"language\":\"nl\",\"rating\":\"5\"}]}|row 1: rating must be an integer from 1 to 5",
            "sub-rating 0|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\",\"language\":\"nl\",\"rating\":5,\"ratings\":{\"shippingtime\":0,\"customerservice\":1,\"pricequality\":1,\"aftersale\":1}}]}|row 1: ratings.shippingtime must be an integer from 1 to 5",
            "future date|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2999-01-01\",\"name\":\"N\",\"language\":\"nl\",\"rating\":5}]}|row 1: created is in the future",
            "before 2000|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"1999-12-31T23:59:59Z\",\"name\":\"N\",\"language\":\"nl\",\"rating\":5}]}|row 1: created is before 2000-01-01",
            "bad date|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"04/03/2021\",\"name\":\"N\",\"language\":\"nl\",\"rating\":5}]}|row 1: created is not YYYY-MM-DD",
            "missing source id|{\"source\":\"old\",\"reviews\":[{\"created\":\"2022-01-01\",\"name\":\"N\",\"language\":\"nl\",\"rating\":5}]}|row 1: source_review_id is required",
            "name with line break|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\\r\\nBcc: x@example.com\",\"language\":\"nl\",\"rating\":5}]}|row 1: name must be a single line",
            "missing name|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"language\":\"nl\",\"rating\":5}]}|row 1: name is required",
            "bad language|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\",\"language\":\"xx\",\"rating\":5}]}|row 1: language must be an ISO-639-1 code",
            "bad email|{\"source\":\"old\",\"reviews\":[{\"source_review_id\":\"z\",\"created\":\"2022-01-01\",\"name\":\"N\",\"email\":\"nope\",\"language\":\"nl\",\"rating\":5}]}|row 1: email is not a valid e-mail address",
            "duplicate id|{\"source\":\"old\",\"reviews\":[ROW,ROW]}|row 2: source_review_id ok-1 appears twice in this import",
    })
    void badInputIsRefusedWithAUsefulMessageAndNothingIsStored(String name, String body, String message) {
        Fixtures.Shop shop = badInputShop();
        post(shop, body.replace("ROW", GOOD_ROW)).statusCode(400).body("status", equalTo("error"))
                .body("message", containsString(message));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    @Test
    void overLongTextsAreRefused() {
        Fixtures.Shop shop = badInputShop();
        ObjectNode comment = row("long-1", "2022-01-01", "N", 5);
        comment.put("comment", "x".repeat(5001));
        post(shop, body("old", row("ok-2", "2022-01-01", "N", 5), comment)).statusCode(400)
                .body("message", containsString("row 2: comment is longer than 5000 characters"));
        post(shop, body("old", row("long-2", "2022-01-01", "N".repeat(101), 5))).statusCode(400)
                .body("message", containsString("row 1: name is longer than 100 characters"));
        post(shop, body("old", row("i".repeat(256), "2022-01-01", "N", 5))).statusCode(400)
                .body("message", containsString("row 1: source_review_id is longer than 255 characters"));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    @Test
    void tooManyRowsAreRefusedAsAWhole() {
        Fixtures.Shop shop = badInputShop();
        ObjectNode[] rows = new ObjectNode[501];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = row("many-" + i, "2022-01-01", "N", 5);
        }
        post(shop, body("old", rows)).statusCode(400).body("status", equalTo("error"))
                .body("message", equalTo("Too many reviews: at most 500 per import."));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    @Test
    void onlyTheShopsOwnCodeMayImport() {
        Fixtures.Shop shop = badInputShop();
        String body = body("old", row("auth-1", "2022-01-01", "N", 5));
        given().queryParam("id", shop.id()).queryParam("code", "wrong").body(body).post("/api/1.0/review_imports.json")
                .then().statusCode(401).body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", shop.id()).queryParam("code", shop.publicCode()).body(body)
                .post("/api/1.0/review_imports.json").then().statusCode(401);
        given().queryParam("id", shop.id()).body(body).post("/api/1.0/review_imports.json")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    private static final String GOOD_ROW =
            "{\"source_review_id\":\"ok-1\",\"created\":\"2022-01-01\",\"name\":\"Good\",\"language\":\"nl\",\"rating\":5}";
    private static Fixtures.Shop badInput;

    private static Fixtures.Shop badInputShop() {
        if (badInput == null) {
            badInput = Fixtures.webshop(false);
        }
        return badInput;
    }

    static ValidatableResponse post(Fixtures.Shop shop, String body) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("application/json")
                .body(body).post("/api/1.0/review_imports.json").then();
    }

    static ObjectNode row(String sourceId, String created, String name, int rating) {
        return Fixtures.MAPPER.createObjectNode().put("source_review_id", sourceId).put("created", created)
                .put("name", name).put("language", "nl").put("country", "NL").put("rating", rating)
                .put("comment", "Goed geholpen, " + name);
    }

    static ArrayNode product(String sku, String text) {
        ArrayNode products = Fixtures.MAPPER.createArrayNode();
        products.addObject().put("product_id", sku).put("name", "Product " + sku).put("sku", sku)
                .put("url", "https://shop.example/p/" + sku).put("rating", 5).put("text", text);
        return products;
    }

    static String body(String source, ObjectNode... rows) {
        ObjectNode body = Fixtures.MAPPER.createObjectNode().put("source", source);
        ArrayNode reviews = body.putArray("reviews");
        for (ObjectNode row : rows) {
            reviews.add(row);
        }
        return Fixtures.json(body);
    }
}
