package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.api.QueryParams;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spec 4.3: retrieve ratings, private (code) and public (public_code) forms. */
@QuarkusTest
class RatingsTest {
    static Fixtures.Shop shop;
    static List<ReviewSubmitted> sent = new ArrayList<>();
    static ReviewSubmitted quarantined;
    static ReviewSubmitted held;

    /** Once per class (the static fields survive between tests); in @BeforeEach because the app is up only then. */
    @BeforeEach
    void reviews() {
        if (shop != null) {
            return;
        }
        shop = Fixtures.webshop(false);
        for (int i = 0; i < 3; i++) {
            ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
            sent.add(i == 1 ? Fixtures.withLanguage(Fixtures.withComment(review, null), "en") : review);
        }
        quarantined = Fixtures.withComment(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), "zie www.spam-shop.example");
        held = Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP);
        for (ReviewSubmitted review : sent) {
            Fixtures.submit(review);
            Fixtures.awaitReview(shop, review.email());
        }
        Fixtures.submit(quarantined);
        Fixtures.submit(held);
        Fixtures.awaitReview(shop, quarantined.email());
        Fixtures.awaitReview(shop, held.email());
    }

    @Test
    void shopSeesAllItsReviewsNewestFirstWithEveryFieldInSpecOrder() {
        Response response = given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings.json");
        response.then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Ratings successfully retrieved!"))
                .body("total", equalTo(5));
        assertTrue(response.asString().startsWith("{\"status\":\"success\",\"message\":\"Ratings successfully retrieved!\",\"total\":5,\"ratings\":[{\"id\":"),
                response.asString());
        assertEquals(null, response.getHeader("Access-Control-Allow-Origin"));
        List<Map<String, Object>> items = response.jsonPath().getList("ratings");
        assertEquals(List.of(held.email(), quarantined.email(), sent.get(2).email(), sent.get(1).email(), sent.get(0).email()),
                items.stream().map(item -> item.get("email")).toList());
        Map<String, Object> first = items.get(4);
        assertEquals(List.of("id", "name", "email", "order_number", "rating", "ratings", "comment", "date", "country",
                "language", "created", "read", "quarantine", "verified", "reaction", "imported", "import_source"),
                new ArrayList<>(first.keySet()), "the spec's fields in its order, then the import label (an extension)");
        ReviewSubmitted source = sent.get(0);
        assertEquals(source.name(), first.get("name"));
        assertEquals(source.orderNumber(), first.get("order_number"));
        assertEquals(4, first.get("rating"));
        assertEquals(Map.of("shippingtime", 5, "customerservice", 4, "pricequality", 3, "aftersale", 4), first.get("ratings"));
        assertEquals(source.comment(), first.get("comment"));
        assertTrue(((String) first.get("date")).matches("\\d{4}-\\d{2}-\\d{2}"));
        assertTrue(((String) first.get("created")).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));
        assertEquals("NL", first.get("country"));
        assertEquals("nl", first.get("language"));
        assertEquals(false, first.get("read"));
        assertEquals("", first.get("reaction"));
        assertNull(items.get(3).get("comment"), "comment is null when none was written");
    }

    @Test
    void publicCodeGetsCorsNoEmailsAndNeitherHeldNorQuarantinedReviews() {
        Response response = given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode())
                .get("/api/1.0/ratings.json");
        response.then().statusCode(200).body("total", equalTo(3));
        assertEquals("*", response.getHeader("Access-Control-Allow-Origin"));
        List<Map<String, Object>> items = response.jsonPath().getList("ratings");
        assertEquals(3, items.size());
        items.forEach(item -> assertEquals("", item.get("email")));
        assertTrue(items.stream().noneMatch(item -> Boolean.TRUE.equals(item.get("quarantine"))));
    }

    @Test
    void languageFilterOffsetAndLimitSelectTheWantedPage() {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", "en")
                .get("/api/1.0/ratings.json").then().statusCode(200)
                .body("total", equalTo(1)).body("ratings[0].email", equalTo(sent.get(1).email()));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("offset", 1).queryParam("limit", 2)
                .get("/api/1.0/ratings.json").then().statusCode(200)
                .body("total", equalTo(5)).body("ratings.size()", equalTo(2))
                .body("ratings[0].email", equalTo(quarantined.email()))
                .body("ratings[1].email", equalTo(sent.get(2).email()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "EN", "eng", "ENG", "en-GB", "en_GB", "en-us", "eng-GB", "en-419"})
    void languageAlsoTakesThreeLetterAndRegionTaggedCodes(String language) {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", language)
                .get("/api/1.0/ratings.json").then().statusCode(200)
                .body("total", equalTo(1)).body("ratings[0].email", equalTo(sent.get(1).email()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"nl", "nld", "dut", "nl-NL", "nl_NL", "nl-BE", "NLD"})
    void dutchByEveryNameIsTheSameFilter(String language) {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", language)
                .get("/api/1.0/ratings.json").then().statusCode(200).body("total", equalTo(4));
    }

    @Test
    void threeLetterCodesMapLikeJavaLocaleAndTheBibliographicOnes() {
        Map<String, String> expected = Map.of("nld", "nl", "eng", "en", "deu", "de", "fra", "fr",
                "spa", "es", "ita", "it", "dut", "nl", "ger", "de", "fre", "fr");
        expected.forEach((code, iso) -> assertEquals(iso, QueryParams.language(code), code));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dutch", "xyz", "nl-Netherlands", "nl-NL-x", "n1", "nl--NL", "nederlands", "-nl"})
    void garbageLanguageStaysAnError(String language) {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", language)
                .get("/api/1.0/ratings.json").then().statusCode(400)
                .body("message", equalTo("Invalid value for language: expected an ISO-639-1 code such as en."))
                .body("ratings", empty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "ten", "1.5"})
    void limitOutsideOneToHundredIsAnErrorWithNoRatings(String limit) {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("limit", limit)
                .get("/api/1.0/ratings.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Invalid value for limit: expected an integer from 1 to 100."))
                .body("ratings", empty());
    }

    @Test
    void negativeOffsetAndMalformedLanguageAreErrors() {
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("offset", "-3")
                .get("/api/1.0/ratings.json").then().statusCode(400)
                .body("message", equalTo("Invalid value for offset: expected an integer of at least 0.")).body("ratings", empty());
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("language", "dutch")
                .get("/api/1.0/ratings.json").then().statusCode(400)
                .body("message", equalTo("Invalid value for language: expected an ISO-639-1 code such as en."));
    }

    @Test
    void missingIdOrCodeIsNotAllObligatedVariables() {
        given().queryParam("id", shop.id()).get("/api/1.0/ratings.json").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Not all obligated variables are set."))
                .body("ratings", empty());
        given().queryParam("code", shop.code()).get("/api/1.0/ratings.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
    }

    @Test
    void wrongCodeOrPublicCodeIsIncorrectCredentials() {
        given().queryParam("id", shop.id()).queryParam("code", "wrong").get("/api/1.0/ratings.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials.")).body("ratings", empty())
                .header("Access-Control-Allow-Origin", nullValue());
        given().queryParam("id", shop.id()).queryParam("public_code", "wrong").get("/api/1.0/ratings.json").then()
                .statusCode(401).body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", "abc").queryParam("code", shop.code()).get("/api/1.0/ratings.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", shop.id()).queryParam("code", shop.publicCode()).get("/api/1.0/ratings.json").then()
                .statusCode(401);
    }
}
