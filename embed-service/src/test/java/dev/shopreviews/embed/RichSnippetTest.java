package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /webshops/rich_snippet?id=&lang=} as the shop plugins read it (json_decode, result == 'ok', content): the
 * shop's AggregateRating as schema.org JSON-LD, cacheable; result error with 400/404 for a bad or unknown id.
 */
@QuarkusTest
class RichSnippetTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern LD = Pattern.compile("^<script type=\"application/ld\\+json\">(.*)</script>$", Pattern.DOTALL);

    @Test
    void theSnippetIsTheShopsAggregateRatingAsJsonLdAndCacheable() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Snippet <Shop> & Co", "snippet.example", "nl", List.of("nl", "en"));
        Fixtures.summary(shop.id(), 12, "4.26", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).queryParam("lang", "nl")
                .get("/webshops/rich_snippet").then().statusCode(200).body("content", containsString("4.26")));
        Response answer = given().queryParam("id", shop.id()).queryParam("lang", "nl").get("/webshops/rich_snippet");
        answer.then().statusCode(200).contentType(containsString("application/json")).body("result", equalTo("ok"))
                .header("Cache-Control", containsString("max-age=600"));
        String etag = answer.header("ETag");
        assertTrue(etag != null && !etag.isBlank(), "an ETag");
        given().queryParam("id", shop.id()).queryParam("lang", "nl").header("If-None-Match", etag).get("/webshops/rich_snippet")
                .then().statusCode(304);

        String content = answer.jsonPath().getString("content");
        Matcher m = LD.matcher(content);
        assertTrue(m.matches(), content);
        assertTrue(!m.group(1).contains("<") && !m.group(1).contains(">") && !m.group(1).contains("&"), "no text can end the element");
        JsonNode ld = MAPPER.readTree(m.group(1));
        assertEquals("https://schema.org", ld.get("@context").asText());
        assertEquals("Organization", ld.get("@type").asText());
        assertEquals("Snippet <Shop> & Co", ld.get("name").asText());
        assertEquals("http://snippet.example/", ld.get("url").asText());
        assertTrue(ld.get("sameAs").asText().endsWith("/shop/" + shop.id() + "/nl"), ld.toString());
        JsonNode rating = ld.get("aggregateRating");
        assertEquals("AggregateRating", rating.get("@type").asText());
        assertEquals("4.26", rating.get("ratingValue").asText());
        assertEquals(5, rating.get("bestRating").asInt());
        assertEquals(1, rating.get("worstRating").asInt());
        assertEquals(12, rating.get("reviewCount").asInt());
        assertEquals(12, rating.get("ratingCount").asInt());

        // get_locale() of a language the shop has not enabled, or none: the linked page is English, the main language
        given().queryParam("id", shop.id()).queryParam("lang", "de").get("/webshops/rich_snippet").then().statusCode(200)
                .body("content", containsString("/shop/" + shop.id() + "/en"));
        given().queryParam("id", shop.id()).get("/webshops/rich_snippet").then().statusCode(200)
                .body("content", containsString("/shop/" + shop.id() + "/nl"));

        // the PHP client library's address (webwinkelkeur/client): only id, the same answer
        given().queryParam("id", shop.id()).get("/shop_rich_snippet.php").then().statusCode(200)
                .contentType(containsString("application/json")).body("result", equalTo("ok"))
                .body("content", equalTo(content));
        given().queryParam("id", "abc").get("/shop_rich_snippet.php").then().statusCode(400).body("result", equalTo("error"));
    }

    @Test
    void aShopWithoutReviewsHasAnEmptySnippetAndBadOrUnknownIdsAnError() {
        Fixtures.Shop shop = Fixtures.webshop("snippet-empty.example");
        given().queryParam("id", shop.id()).queryParam("lang", "en").get("/webshops/rich_snippet").then().statusCode(200)
                .body("result", equalTo("ok")).body("content", equalTo(""));
        given().queryParam("id", Fixtures.nextReviewId()).queryParam("lang", "en").get("/webshops/rich_snippet").then().statusCode(404)
                .body("result", equalTo("error")).body("message", equalTo("Unknown webshop."));
        for (String id : new String[]{"abc", "-1", "0", "1 OR 1=1", "99999999999999999999999"}) {
            given().queryParam("id", id).get("/webshops/rich_snippet").then().statusCode(400)
                    .body("result", equalTo("error")).body("message", equalTo("Invalid value for id: expected a webshop id."));
        }
        given().get("/webshops/rich_snippet").then().statusCode(400).body("result", equalTo("error"));
        given().queryParam("id", shop.id()).queryParam("lang", "<script>").get("/webshops/rich_snippet").then().statusCode(400)
                .body("result", equalTo("error"));
        given().queryParam("id", shop.id() + "\u0000").get("/webshops/rich_snippet").then().statusCode(400)
                .body("result", equalTo("error")).body("status", equalTo("error"));
    }

    @Test
    void aDeactivatedShopHasAnEmptySnippet() {
        Fixtures.Shop shop = Fixtures.deactivatedWebshop("snippet-off.example");
        given().queryParam("id", shop.id()).queryParam("lang", "nl").get("/webshops/rich_snippet").then().statusCode(200)
                .body("result", equalTo("ok")).body("content", equalTo("")).header("Cache-Control", containsString("max-age=60"));
    }
}
