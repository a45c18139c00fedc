package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.embed.config.EmbedConfig;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One review's page {@code /shop/{id}/reviews/{review}} (the product review feed's review_url): the review in the
 * shop's language with schema.org Review JSON-LD and a canonical link; not public reviews noindex and without their
 * content; another shop's or an unknown review 404.
 */
@QuarkusTest
class ReviewPageTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Inject
    EmbedConfig config;

    private String base() {
        return config.publicBaseUrl().replaceAll("/+$", "");
    }
    private static final Pattern LD = Pattern.compile("<script type=\"application/ld\\+json\">(.*?)</script>", Pattern.DOTALL);

    private static long review(Fixtures.Shop shop, boolean published, boolean quarantine, String name, String comment, String hidden) {
        long reviewId = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), reviewId, published, quarantine, name, 4, comment,
                Instant.now(), hidden);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().get("/shop/" + shop.id() + "/reviews/" + reviewId).then().statusCode(200));
        return reviewId;
    }

    private static JsonNode jsonLd(String html) throws Exception {
        Matcher m = LD.matcher(html);
        assertTrue(m.find(), "a JSON-LD block");
        JsonNode node = MAPPER.readTree(m.group(1));
        assertFalse(m.find(), "one JSON-LD block");
        return node;
    }

    @Test
    void aPublicReviewIsShownInTheShopsLanguageWithReviewJsonLdAndACanonicalLink() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Winkel <&> Zon", "review-page.example", "nl", List.of("nl", "en", "de", "fr", "es", "it"));
        long id = review(shop, true, false, "Karel </script>", "Snel geleverd <b>echt</b> & goed", null);
        String path = "/shop/" + shop.id() + "/reviews/" + id;
        String canonical = base() + path;
        Response page = given().get(path);
        page.then().statusCode(200).contentType(containsString("text/html"))
                .header("Cache-Control", containsString("max-age=")).header("ETag", not(equalTo(null)))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .body(containsString("<html lang=\"nl\">"), containsString("<link rel=\"canonical\" href=\"" + canonical + "\">"),
                        containsString("Review van Winkel &lt;&amp;&gt; Zon door Karel &lt;/script&gt;"),
                        containsString("Snel geleverd &lt;b&gt;echt&lt;/b&gt; &amp; goed"), not(containsString("noindex")),
                        containsString("Geverifieerde klant"), containsString("/shop/" + shop.id() + "/reviews/" + id + "/report?lang=nl"));
        String html = page.asString();
        assertFalse(html.contains("Karel </script>"), "no text ends an element");
        JsonNode ld = jsonLd(html);
        assertEquals("https://schema.org", ld.get("@context").asText());
        assertEquals("Review", ld.get("@type").asText());
        assertEquals(canonical, ld.get("url").asText());
        assertEquals("Organization", ld.at("/itemReviewed/@type").asText());
        assertEquals("Winkel <&> Zon", ld.at("/itemReviewed/name").asText());
        assertEquals("http://review-page.example/", ld.at("/itemReviewed/url").asText());
        assertEquals("PostalAddress", ld.at("/itemReviewed/address/@type").asText());
        assertEquals("Amsterdam", ld.at("/itemReviewed/address/addressLocality").asText());
        assertEquals("Rating", ld.at("/reviewRating/@type").asText());
        assertEquals(4, ld.at("/reviewRating/ratingValue").asInt());
        assertEquals(5, ld.at("/reviewRating/bestRating").asInt());
        assertEquals(1, ld.at("/reviewRating/worstRating").asInt());
        assertEquals("Person", ld.at("/author/@type").asText());
        assertEquals("Karel </script>", ld.at("/author/name").asText());
        assertEquals("2025-03-01", ld.get("datePublished").asText());
        assertEquals("Snel geleverd <b>echt</b> & goed", ld.get("reviewBody").asText());

        // the six languages of the embed pages; one the shop has not enabled is English
        Map<String, String> titles = Map.of("nl", "Review van", "en", "Review of", "de", "Bewertung von", "fr", "Avis sur",
                "es", "Opinión sobre", "it", "Recensione di");
        titles.forEach((lang, title) -> given().queryParam("lang", lang).get(path).then().statusCode(200)
                .body(containsString("<html lang=\"" + lang + "\">"), containsString("<title>" + title),
                        containsString("<link rel=\"canonical\" href=\"" + canonical + "\">")));
        Fixtures.Shop dutch = Fixtures.webshop("review-page-nl.example");
        long other = review(dutch, true, false, "Els", "Prima", null);
        given().queryParam("lang", "de").get("/shop/" + dutch.id() + "/reviews/" + other).then().statusCode(200)
                .body(containsString("<html lang=\"en\">"));
        given().get("/shop/" + dutch.id() + "/reviews/" + other).then().body(containsString("<html lang=\"nl\">"));
    }

    @Test
    void reviewsThatAreNotPublicAreNoindexWithoutTheirContentAndOthersAre404() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("review-page-hidden.example");
        long quarantined = review(shop, true, true, "Quinten", "Bel me op 0612345678", null);
        long held = review(shop, false, false, "Hanna", "Nog niet gepubliceerd", null);
        long hidden = review(shop, true, false, "Henk", "Verborgen tekst", "Contains personal data");
        long deleted = review(shop, true, false, "Dirk", "Straks verwijderd", null);
        Fixtures.reviewChanged(Topics.REVIEWS_DELETED.name(), shop.id(), deleted, true, false, "Dirk", 4, "Straks verwijderd",
                Instant.now().plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/reviews/" + deleted)
                .then().body(not(containsString("Dirk"))));

        for (long id : List.of(quarantined, held, deleted)) {
            String html = given().queryParam("lang", "en").get("/shop/" + shop.id() + "/reviews/" + id).then().statusCode(200)
                    .body(containsString("<meta name=\"robots\" content=\"noindex\">"), containsString("This review is not shown."),
                            containsString("<link rel=\"canonical\" href=\"" + base() + "/shop/" + shop.id() + "/reviews/" + id + "\">"))
                    .extract().asString();
            for (String content : List.of("Quinten", "0612345678", "Hanna", "Nog niet", "Dirk", "Straks", "application/ld+json", "/report")) {
                assertFalse(html.contains(content), id + " shows nothing of the review: " + content);
            }
        }
        String html = given().queryParam("lang", "en").get("/shop/" + shop.id() + "/reviews/" + hidden).then().statusCode(200)
                .body(containsString("<meta name=\"robots\" content=\"noindex\">"), containsString("Henk"),
                        containsString("Hidden by the moderators: Contains personal data"), not(containsString("Verborgen tekst")))
                .extract().asString();
        assertNull(LD.matcher(html).find() ? "markup" : null, "no markup of a hidden review");

        Fixtures.Shop other = Fixtures.webshop("review-page-other.example");
        long theirs = review(other, true, false, "Olga", "Andere winkel", null);
        given().get("/shop/" + shop.id() + "/reviews/" + theirs).then().statusCode(404).body(not(containsString("Olga")));
        given().get("/shop/" + shop.id() + "/reviews/" + Fixtures.nextReviewId()).then().statusCode(404);
        given().get("/shop/" + shop.id() + "/reviews/abc").then().statusCode(404);
        given().get("/shop/abc/reviews/" + theirs).then().statusCode(404);
        given().get("/shop/" + Fixtures.nextReviewId() + "/reviews/" + theirs).then().statusCode(404);
    }
}
