package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

/**
 * Product stars (an extension): ReviewChanged.products in the read model, /product/{webshop}/stars.json|.html,
 * widget.html and stars-batch.json; shown reviews only, verified-buyer label, JSON-LD, bad input never 5xx, ETag/304.
 */
@QuarkusTest
class ProductStarsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static Fixtures.ProductRating kettle(int rating, String text) {
        return new Fixtures.ProductRating("P-1", "Steel kettle", "SKU-1", "4006381333931", rating, text);
    }

    /** A shop with two shown reviews of the kettle (one verified, with text) and one that is not published. */
    private static Fixtures.Shop shopWithKettleReviews(String domain) {
        Fixtures.Shop shop = Fixtures.webshop(domain);
        Instant t = Instant.now();
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Anna",
                true, null, t, List.of(kettle(5, "Boils fast <b>really</b>")));
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Bram",
                false, null, t, List.of(kettle(2, "")));
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), false, "Held",
                false, null, t, List.of(kettle(1, "held text")));
        await().atMost(WAIT).untilAsserted(() -> stars(shop, "sku", "SKU-1").then().body("stars.rating_count", equalTo(2)));
        return shop;
    }

    private static Response stars(Fixtures.Shop shop, String kind, String value) {
        return given().queryParam(kind, value).get("/product/" + shop.id() + "/stars.json");
    }

    @Test
    void productStarsCountShownReviewsOnlyWithJsonLdForGoogle() {
        Fixtures.Shop shop = shopWithKettleReviews("stars.example");
        for (String[] key : new String[][]{{"sku", "SKU-1"}, {"gtin", "4006381333931"}, {"product_id", "P-1"}}) {
            stars(shop, key[0], key[1]).then().statusCode(200).contentType(startsWith("application/json"))
                    .header("Cache-Control", containsString("max-age=600")).header("ETag", not(nullValue()))
                    .body("status", equalTo("success"), "product." + key[0], equalTo(key[1]),
                            "stars.name", equalTo("Steel kettle"), "stars.rating_count", equalTo(2),
                            "stars.review_count", equalTo(1), "stars.rating_average", equalTo(3.5f),
                            "stars.reviews", hasSize(2),
                            "json_ld.'@type'", equalTo("Product"), "json_ld.name", equalTo("Steel kettle"),
                            "json_ld." + (key[0].equals("product_id") ? "productID" : key[0]), equalTo(key[1]),
                            "json_ld.aggregateRating.'@type'", equalTo("AggregateRating"),
                            "json_ld.aggregateRating.ratingValue", equalTo(3.5f),
                            "json_ld.aggregateRating.ratingCount", equalTo(2), "json_ld.aggregateRating.reviewCount", equalTo(1),
                            "json_ld.aggregateRating.bestRating", equalTo(5), "json_ld.aggregateRating.worstRating", equalTo(1),
                            "json_ld.review", hasSize(1), "json_ld.review[0].author.name", equalTo("Anna"),
                            "json_ld.review[0].datePublished", equalTo("2025-03-01"),
                            "json_ld.review[0].reviewRating.ratingValue", equalTo(5),
                            "json_ld.review[0].reviewBody", equalTo("Boils fast <b>really</b>"));
        }
        stars(shop, "sku", "SKU-1").then().body("stars.reviews.find { it.name == 'Anna' }.verified", equalTo(true),
                "stars.reviews.find { it.name == 'Bram' }.verified", equalTo(false),
                "stars.reviews.name", not(org.hamcrest.Matchers.hasItem("Held")));
    }

    @Test
    void htmlFragmentShowsVerifiedBuyerEscapedTextAndEscapedJsonLd() {
        Fixtures.Shop shop = shopWithKettleReviews("fragment.example");
        given().queryParam("sku", "SKU-1").queryParam("language", "de").get("/product/" + shop.id() + "/stars.html").then()
                .statusCode(200).contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("script-src 'none'"))
                .body(containsString("Verifizierter Käufer"), containsString("Boils fast &lt;b&gt;really&lt;/b&gt;"),
                        containsString("<script type=\"application/ld+json\">"),
                        containsString("\\u003cb\\u003ereally\\u003c/b\\u003e"), not(containsString("<b>really")));
        given().queryParam("gtin", "4006381333931").get("/product/" + shop.id() + "/widget.html").then()
                .statusCode(200).header("Content-Security-Policy", containsString("frame-ancestors *"))
                .body(containsString("<html lang=\"en\">"), containsString("Verified buyer"), containsString("Steel kettle"));
    }

    @Test
    void aProductTextCannotEndTheJsonLdScript() {
        Fixtures.Shop shop = Fixtures.webshop("breakout.example");
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Eve",
                true, null, Instant.now(), List.of(new Fixtures.ProductRating("P-X", "X</script><script>alert(1)</script>",
                        "SKU-X", null, 4, "</script><script>alert(2)</script>")));
        await().atMost(WAIT).untilAsserted(() -> stars(shop, "sku", "SKU-X").then().body("stars.rating_count", equalTo(1)));
        given().queryParam("sku", "SKU-X").get("/product/" + shop.id() + "/stars.html").then().statusCode(200)
                .body(not(containsString("<script>")), containsString("\\u003c/script\\u003e"));
    }

    @Test
    void unknownProductsAndDeletedReviewsAnswerNoRatings() {
        Fixtures.Shop shop = Fixtures.webshop("unknown-product.example");
        stars(shop, "sku", "NOT-SOLD").then().statusCode(200).body("stars.rating_count", equalTo(0),
                "stars.reviews", hasSize(0), "json_ld", nullValue());
        given().queryParam("sku", "NOT-SOLD").get("/product/" + shop.id() + "/stars.html").then().statusCode(200)
                .body(containsString("No reviews of this product yet."), not(containsString("ld+json")));

        long reviewId = Fixtures.nextReviewId();
        Instant t = Instant.now();
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), reviewId, true, "Gone", true, null, t,
                List.of(kettle(4, "soon deleted")));
        await().atMost(WAIT).untilAsserted(() -> stars(shop, "sku", "SKU-1").then().body("stars.rating_count", equalTo(1)));
        // an update without products (an older producer) keeps them; a hidden review shows the notice, not its text
        Fixtures.reviewWithProducts(Topics.REVIEWS_UPDATED.name(), shop.id(), reviewId, true, "Gone", true, "Off-topic", t.plusSeconds(1), null);
        await().atMost(WAIT).untilAsserted(() -> stars(shop, "sku", "SKU-1").then().body("stars.rating_count", equalTo(1),
                "stars.reviews[0].hidden_reason", equalTo("Off-topic"), "stars.reviews[0].text", nullValue(),
                "stars.review_count", equalTo(0)));
        Fixtures.reviewWithProducts(Topics.REVIEWS_DELETED.name(), shop.id(), reviewId, false, "Gone", true, null, t.plusSeconds(2), null);
        await().atMost(WAIT).untilAsserted(() -> stars(shop, "sku", "SKU-1").then().body("stars.rating_count", equalTo(0)));
    }

    @Test
    void batchAnswersUpTo48ProductsInRequestOrder() {
        Fixtures.Shop shop = shopWithKettleReviews("batch.example");
        var request = given().queryParam("gtin", "4006381333931");
        for (int i = 0; i < 46; i++) {
            request.queryParam("sku", "NONE-" + i);
        }
        request.queryParam("product_id", "P-1").get("/product/" + shop.id() + "/stars-batch.json").then().statusCode(200)
                .header("Cache-Control", containsString("max-age=600"))
                .body("products", hasSize(48), "products[0].product.sku", equalTo("NONE-0"), "products[0].rating_count", equalTo(0),
                        "products[46].product.gtin", equalTo("4006381333931"), "products[46].rating_count", equalTo(2),
                        "products[46].rating_average", equalTo(3.5f), "products[47].product.product_id", equalTo("P-1"));
    }

    @Test
    void badInputIsA4xxEnvelopeNeverA5xx() {
        Fixtures.Shop shop = Fixtures.webshop("bad-product.example");
        String base = "/product/" + shop.id();
        var tooMany = given();
        for (int i = 0; i < 49; i++) {
            tooMany.queryParam("sku", "S-" + i);
        }
        tooMany.get(base + "/stars-batch.json").then().statusCode(400)
                .body("status", equalTo("error"), "message", equalTo("At most 48 products per request."));
        given().get(base + "/stars-batch.json").then().statusCode(400)
                .body("message", equalTo("Name at least one product: sku, gtin or product_id."));
        given().get(base + "/stars.json").then().statusCode(400)
                .body("message", equalTo("Name exactly one product: sku, gtin or product_id."));
        given().queryParam("sku", "A").queryParam("gtin", "12345678").get(base + "/stars.json").then().statusCode(400)
                .body("message", equalTo("Name exactly one product: sku, gtin or product_id."));
        given().queryParam("gtin", "12ab5678").get(base + "/stars.html").then().statusCode(400)
                .body("message", equalTo("Invalid value for gtin: expected 8, 12, 13 or 14 digits."));
        given().queryParam("sku", "x".repeat(256)).get(base + "/stars.json").then().statusCode(400)
                .body("message", equalTo("Invalid value for sku: expected 1 to 255 characters."));
        given().queryParam("sku", "").get(base + "/stars.json").then().statusCode(400);
        given().get("/product/abc/stars.json?sku=A").then().statusCode(404).body("message", equalTo("Unknown webshop."));
        given().get("/product/999999999999/stars.json?sku=A").then().statusCode(404).body("message", equalTo("Unknown webshop."));
        List<String> hostile = new ArrayList<>(List.of("' or '1'='1", "A'); drop table shown_product_review; --",
                "<script>alert(1)</script>", "${7*7}", "{#for x in 1}x{/for}", "../../etc/passwd", "%00", "SKU-1' --"));
        for (String value : hostile) {
            for (String path : List.of("/stars.json", "/stars.html", "/widget.html", "/stars-batch.json")) {
                Response answer = given().queryParam("sku", value).get(base + path);
                answer.then().statusCode(lessThan(500));
                if (path.endsWith(".html") && answer.statusCode() == 200) {
                    answer.then().body(not(containsString("<script>alert(1)")));
                }
            }
            given().queryParam("product_id", value).get(base + "/stars.json").then().statusCode(200)
                    .body("stars.rating_count", equalTo(0));
        }
    }

    @Test
    void anUnchangedAnswerIs304WithItsETag() {
        Fixtures.Shop shop = shopWithKettleReviews("etag-product.example");
        for (String path : List.of("/stars.json?sku=SKU-1", "/stars.html?sku=SKU-1", "/widget.html?sku=SKU-1",
                "/stars-batch.json?sku=SKU-1&sku=B")) {
            String etag = given().get("/product/" + shop.id() + path).then().statusCode(200).extract().header("ETag");
            given().header("If-None-Match", etag).get("/product/" + shop.id() + path).then().statusCode(304)
                    .header("Cache-Control", containsString("max-age=600"));
        }
    }
}
