package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * ReviewChanged.hidden_reason on reviews.updated: the widget, the public page and sidebar.js show the moderators'
 * reason (escaped, localized notice) in place of the review's text, with its stars and name; unhidden, the text is back.
 */
@QuarkusTest
class HiddenReviewTest {

    @Test
    void aHiddenReviewShowsTheModeratorsReasonInPlaceOfItsTextEverywhere() {
        Fixtures.Shop shop = Fixtures.webshop("hidden.example");
        long reviewId = Fixtures.nextReviewId();
        Instant t = Instant.now();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), reviewId, true, false, "Hanna", 2,
                "Original words of the reviewer", t);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then()
                .body(containsString("Original words of the reviewer")));

        Fixtures.reviewChanged(Topics.REVIEWS_UPDATED.name(), shop.id(), reviewId, true, false, "Hanna", 2,
                "Original words of the reviewer", t.plusSeconds(1), "Personal data <b>named</b> & more");
        String escaped = "Personal data &lt;b&gt;named&lt;/b&gt; &amp; more";
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then()
                .statusCode(200).body(containsString("Hidden by the moderators: " + escaped), containsString("Hanna"),
                        not(containsString("Original words")), not(containsString("<b>named"))));
        given().get("/shop/" + shop.id() + "/nl").then().statusCode(200)
                .body(containsString("Verborgen door de moderatoren: " + escaped));
        for (String layout : new String[]{"new_default", "new_balloon"}) {
            widget(shop, layout).then().statusCode(200).body(containsString("Hidden by the moderators: " + escaped),
                    containsString("Hanna"), not(containsString("Original words")));
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js")
                .then().statusCode(200).body(containsString("\"comment\":null"),
                        containsString("\"hidden\":\"Personal data \\u003cb\\u003enamed\\u003c/b\\u003e & more\""),
                        containsString("\"hiddenBy\":\"Hidden by the moderators: %s\""), not(containsString("Original words"))));

        Fixtures.reviewChanged(Topics.REVIEWS_UPDATED.name(), shop.id(), reviewId, true, false, "Hanna", 2,
                "Original words of the reviewer", t.plusSeconds(2), null);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then()
                .body(containsString("Original words of the reviewer"), not(containsString("Hidden by the moderators"))));
    }

    private static io.restassured.response.Response widget(Fixtures.Shop shop, String layout) {
        return given().queryParam("id", shop.id()).queryParam("layout", layout).queryParam("theme", "light")
                .queryParam("color", "#0b5cad").queryParam("show", "yes").queryParam("view", "list").queryParam("amount", "2")
                .queryParam("width", "manual").queryParam("width_amount", "300px").queryParam("height", "250")
                .queryParam("interval", "5000").queryParam("language", "eng").get("/webshops/widget_html");
    }
}
