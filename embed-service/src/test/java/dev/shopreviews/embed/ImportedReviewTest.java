package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ReviewChanged.import_source: a review the shop imported from another provider is labelled "Imported from <source>"
 * (escaped, localized) by the widget, the public page, the report page, sidebar.js and product stars (HTML and JSON),
 * and never shown or counted as verified by us, even when its item says verified; our own reviews carry no label.
 * sidebar.js's rendering in Chromium: {@code BrowserTest}.
 */
@QuarkusTest
class ImportedReviewTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Markup in the source's name must stay text everywhere. */
    private static final String SOURCE = "Old <i>Provider</i> & Co";
    private static final String SOURCE_HTML = "Old &lt;i&gt;Provider&lt;/i&gt; &amp; Co";

    private static Fixtures.ProductRating teapot(int rating, String text) {
        return new Fixtures.ProductRating("T-1", "Blue teapot", "SKU-TEA", null, rating, text);
    }

    @Test
    void anImportedReviewIsLabelledWithItsSourceAndOurOwnIsNot() {
        Fixtures.Shop shop = Fixtures.webshop("imported-and-own.example");
        Instant t = Instant.now();
        long imported = Fixtures.nextReviewId();
        long own = Fixtures.nextReviewId();
        // the imported item says verified: the embed never shows that for an imported review
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), imported, true, "Ida", true, null, t,
                List.of(teapot(5, "Pours well")), SOURCE);
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), own, true, "Owen", true, null, t,
                List.of(teapot(3, "Lid rattles")));
        await().atMost(WAIT).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then().statusCode(200)
                .body(containsString("Ida"), containsString("Owen")));

        String page = given().get("/shop/" + shop.id() + "/en").then().statusCode(200).extract().asString();
        assertLabelled(block(page, "<article class=\"rv\">", "Ida"), "Imported from " + SOURCE_HTML, "Verified customer");
        assertOwn(block(page, "<article class=\"rv\">", "Owen"), "Verified customer");
        given().get("/shop/" + shop.id() + "/nl").then().statusCode(200)
                .body(containsString("Geïmporteerd van " + SOURCE_HTML));

        await().atMost(WAIT).untilAsserted(() -> assertTrue(widget(shop, "new_default", "eng").asString().contains("Imported from")));
        String widget = widget(shop, "new_default", "eng").then().statusCode(200).extract().asString();
        assertLabelled(block(widget, "<div class=\"rv", "Ida"), "Imported from " + SOURCE_HTML, "Verified customer");
        assertOwn(block(widget, "<div class=\"rv", "Owen"), "Verified customer");
        widget(shop, "new_default", "nld").then().body(containsString("Geïmporteerd van " + SOURCE_HTML));

        Response stars = given().queryParam("sku", "SKU-TEA").get("/product/" + shop.id() + "/stars.json");
        stars.then().statusCode(200).body("stars.reviews", hasSize(2),
                "stars.reviews.find { it.name == 'Ida' }.imported", equalTo(true),
                "stars.reviews.find { it.name == 'Ida' }.import_source", equalTo(SOURCE),
                "stars.reviews.find { it.name == 'Ida' }.verified", equalTo(false),
                "stars.reviews.find { it.name == 'Owen' }.imported", equalTo(false),
                "stars.reviews.find { it.name == 'Owen' }.import_source", nullValue(),
                "stars.reviews.find { it.name == 'Owen' }.verified", equalTo(true),
                // kept in the JSON-LD (a real customer's review of the product), which never claims a verification
                "json_ld.review", hasSize(2));
        String body = stars.asString();
        assertFalse(body.substring(body.indexOf("\"json_ld\"")).contains("erif"), "no verified claim in the JSON-LD: " + body);

        String fragment = given().queryParam("sku", "SKU-TEA").queryParam("language", "fr").get("/product/" + shop.id() + "/stars.html")
                .then().statusCode(200).extract().asString();
        assertLabelled(block(fragment, "<li class=\"shopreviews-product-review\">", "Ida"), "Importé de " + SOURCE_HTML, "shopreviews-verified");
        assertOwn(block(fragment, "<li class=\"shopreviews-product-review\">", "Owen"), "shopreviews-verified");
        String productWidget = given().queryParam("sku", "SKU-TEA").queryParam("language", "es").get("/product/" + shop.id() + "/widget.html")
                .then().statusCode(200).extract().asString();
        assertLabelled(block(productWidget, "<li class=\"shopreviews-product-review\">", "Ida"), "Importado de " + SOURCE_HTML, "shopreviews-verified");
        assertOwn(block(productWidget, "<li class=\"shopreviews-product-review\">", "Owen"), "shopreviews-verified");
        given().queryParam("sku", "SKU-TEA").queryParam("language", "it").get("/product/" + shop.id() + "/stars.html").then()
                .body(containsString("Importato da " + SOURCE_HTML));
        given().queryParam("sku", "SKU-TEA").queryParam("language", "de").get("/product/" + shop.id() + "/stars.html").then()
                .body(containsString("Importiert von " + SOURCE_HTML));

        // sidebar.js: the source as JSON data (markup escaped), labelled by the script with text nodes, never verified
        await().atMost(WAIT).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js").then().statusCode(200)
                .body(containsString("\"verified\":false,\"reaction\":null,\"hidden\":null,"
                                + "\"importedFrom\":\"Old \\u003ci\\u003eProvider\\u003c/i\\u003e & Co\"}"),
                        containsString("\"verified\":true,\"reaction\":null,\"hidden\":null,\"importedFrom\":null}"),
                        containsString("\"importedFrom\":\"Imported from %s\""), containsString("\"importedFrom\":\"Geïmporteerd van %s\""),
                        not(containsString("<i>Provider"))));
    }

    @Test
    void anImportedReviewNeverCountsAsVerifiedAndTheBalloonShowsItsLabelAndReportLink() {
        Fixtures.Shop shop = Fixtures.webshop("imported-only.example");
        long imported = Fixtures.nextReviewId();
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), imported, true, "Iris", true, null, Instant.now(),
                List.of(), SOURCE);
        await().atMost(WAIT).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then().statusCode(200)
                .body(containsString("Iris")));
        // the shop's "Verified reviews" badge counts verified reviews: an imported one is none
        given().get("/shop/" + shop.id() + "/en").then().body(containsString("Imported from " + SOURCE_HTML),
                not(containsString("Verified customer")), not(containsString("Verified reviews")));
        widget(shop, "new_badges", "eng").then().statusCode(200).body(not(containsString("Verified reviews")));

        await().atMost(WAIT).untilAsserted(() -> assertTrue(widget(shop, "new_balloon", "eng").asString().contains("Iris")));
        widget(shop, "new_balloon", "eng").then().statusCode(200).body(
                containsString("“Shop comment” — Iris"), containsString("<p class=\"imported\">Imported from " + SOURCE_HTML + "</p>"),
                containsString("<a class=\"report\" href=\""), containsString("/shop/" + shop.id() + "/reviews/" + imported
                        + "/report?lang=en\" target=\"_blank\" rel=\"noopener nofollow\">Report<span class=\"vh\"> – Iris</span></a>"),
                not(containsString("Verified customer")));
        widget(shop, "new_balloon", "nld").then().statusCode(200).body(containsString("Geïmporteerd van " + SOURCE_HTML),
                containsString("/report?lang=nl\""));
        // the report page shows the review it reports, labelled too
        given().get("/shop/" + shop.id() + "/reviews/" + imported + "/report?lang=en").then().statusCode(200)
                .body(containsString("<strong>Iris</strong>"), containsString("Imported from " + SOURCE_HTML));
    }

    @Test
    void theBalloonOfOurOwnReviewHasAReportLinkAndNoLabel() {
        Fixtures.Shop shop = Fixtures.webshop("balloon-own.example");
        long own = Fixtures.nextReviewId();
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), own, true, "Olga", true, null, Instant.now(), List.of());
        await().atMost(WAIT).untilAsserted(() -> assertTrue(widget(shop, "new_balloon", "eng").asString().contains("Olga")));
        widget(shop, "new_balloon", "eng").then().statusCode(200).body(containsString("“Shop comment” — Olga"),
                containsString("/reviews/" + own + "/report?lang=en\""), not(containsString("Imported from")));
    }

    /** The element that starts with {@code start} and names {@code name} (up to the next such element). */
    private static String block(String html, String start, String name) {
        List<String> blocks = Arrays.stream(html.split(Pattern.quote(start))).skip(1)
                .filter(b -> b.contains("<strong>" + name + "</strong>")).toList();
        assertEquals(1, blocks.size(), "one review of " + name + " in " + html);
        return blocks.get(0);
    }

    private static void assertLabelled(String block, String label, String verified) {
        assertTrue(block.contains(label), block);
        assertFalse(block.contains(verified), block);
    }

    private static void assertOwn(String block, String verified) {
        assertTrue(block.contains(verified), block);
        assertFalse(block.contains("mport"), "no import label in any language: " + block);
    }

    private static Response widget(Fixtures.Shop shop, String layout, String language) {
        return given().queryParam("id", shop.id()).queryParam("layout", layout).queryParam("theme", "light")
                .queryParam("color", "#0b5cad").queryParam("show", "yes").queryParam("view", "list").queryParam("amount", "2")
                .queryParam("width", "manual").queryParam("width_amount", "300px").queryParam("height", "250")
                .queryParam("interval", "5000").queryParam("language", language).get("/webshops/widget_html");
    }
}
