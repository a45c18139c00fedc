package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Visitors' reports: every review on the public page and in the widget links to its report page, whose plain form
 * (reason from the fixed list, optional bounded text) posts to ratings-service's /api/1.0/review_reports.json under
 * the page's CSP; sent=1 shows the thanks; reviews that are not shown, or of another shop, have no report page.
 */
@QuarkusTest
class ReportPageTest {

    @Test
    void theReportPageOffersTheFixedReasonsInAPlainFormToTheReportEndpoint() {
        Fixtures.Shop shop = Fixtures.webshop("report.example");
        long reviewId = shown(shop, "Karel", "Lekker snel <b>geleverd</b>");
        String path = "/shop/" + shop.id() + "/reviews/" + reviewId + "/report";

        Response page = given().queryParam("lang", "en").get(path);
        page.then().statusCode(200).contentType(containsString("text/html"))
                .header("Cache-Control", equalTo("no-store"))
                .header("Content-Security-Policy", allOf(containsString("form-action 'self'"), containsString("frame-ancestors 'none'"),
                        containsString("script-src 'none'")))
                .body(containsString("<h1>Report this review</h1>"), containsString("Karel"),
                        containsString("Lekker snel &lt;b&gt;geleverd&lt;/b&gt;"),
                        containsString("<form method=\"post\" action=\"/api/1.0/review_reports.json\">"),
                        containsString("name=\"webshop_id\" value=\"" + shop.id() + "\""),
                        containsString("name=\"review_id\" value=\"" + reviewId + "\""),
                        containsString("<textarea id=\"text\" name=\"text\" rows=\"4\" maxlength=\"1000\">"),
                        containsString("<label class=\"text\" for=\"text\">"));
        String html = page.asString();
        for (String reason : List.of("spam", "offensive", "illegal", "personal_data", "off_topic", "other")) {
            assertEquals(1, html.split("type=\"radio\" name=\"reason\" value=\"" + reason + "\" required", -1).length - 1, reason);
        }
        given().queryParam("lang", "nl").get(path).then().statusCode(200)
                .body(containsString("Deze review melden"), containsString("Illegale inhoud"), containsString("name=\"lang\" value=\"nl\""));
        given().queryParam("lang", "en").queryParam("sent", "1").get(path).then().statusCode(200)
                .body(containsString("Thank you. The moderators will look at this review."), not(containsString("<form")));
    }

    @Test
    void everyReviewOfThePublicPageAndTheWidgetLinksToItsReportPage() {
        Fixtures.Shop shop = Fixtures.webshop("report-links.example");
        long reviewId = shown(shop, "Lotte", "Prima service");
        String link = "/shop/" + shop.id() + "/reviews/" + reviewId + "/report?lang=en";
        given().get("/shop/" + shop.id() + "/en").then().statusCode(200)
                .body(containsString("href=\"" + link + "\" rel=\"nofollow\">Report<span class=\"vh\"> – Lotte</span></a>"));
        given().queryParam("id", shop.id()).queryParam("layout", "new_default").queryParam("theme", "light")
                .queryParam("color", "#0b5cad").queryParam("show", "yes").queryParam("view", "list").queryParam("amount", "2")
                .queryParam("width", "manual").queryParam("width_amount", "300px").queryParam("height", "250")
                .queryParam("interval", "5000").queryParam("language", "eng").get("/webshops/widget_html")
                .then().statusCode(200).body(containsString(link + "\" target=\"_blank\" rel=\"noopener nofollow\">Report"));
    }

    @Test
    void reviewsThatAreNotShownOrOfAnotherShopHaveNoReportPage() {
        Fixtures.Shop shop = Fixtures.webshop("report-none.example");
        Fixtures.Shop other = Fixtures.webshop("report-other.example");
        long othersReview = shown(other, "Piet", "Elders geschreven");
        long quarantined = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), quarantined, false, true, "Spam", 1, "Koop hier", Instant.now());
        shown(shop, "Anna", "Laatste review");
        for (String path : List.of("/shop/" + shop.id() + "/reviews/" + othersReview + "/report",
                "/shop/" + shop.id() + "/reviews/" + quarantined + "/report",
                "/shop/" + shop.id() + "/reviews/987654321012/report",
                "/shop/" + shop.id() + "/reviews/abc/report",
                "/shop/0/reviews/1/report")) {
            given().get(path).then().statusCode(404);
        }
    }

    /** A shown review of the shop, once the public page lists it. */
    private static long shown(Fixtures.Shop shop, String name, String comment) {
        long reviewId = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), reviewId, true, false, name, 4, comment, Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/en").then()
                .body(containsString("/reviews/" + reviewId + "/report")));
        return reviewId;
    }
}
