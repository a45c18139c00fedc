package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The public page pages through ALL shown reviews (20 a page), filtered by rating and language, with rel prev/next. */
@QuarkusTest
class PublicPagePagingTest {

    private static int articles(String html) {
        return html.split("<article class=\"rv\">", -1).length - 1;
    }

    private static String page(String path) {
        return given().get(path).then().statusCode(200).extract().asString();
    }

    @Test
    void thePublicPagePagesThroughAllReviewsWithFiltersAndRelLinks() {
        Fixtures.Shop shop = Fixtures.webshop("paging.example");
        Instant t = Instant.now();
        for (int i = 0; i < 21; i++) {
            Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Five " + i, 5, "Great " + i, t);
        }
        for (int i = 0; i < 2; i++) {
            Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Two " + i, 2, "Meh " + i, t);
        }
        String base = "/shop/" + shop.id() + "/en";
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get(base + "?page=2").then().statusCode(200));

        String first = page(base);
        assertEquals(20, articles(first));
        org.hamcrest.MatcherAssert.assertThat(first, org.hamcrest.Matchers.allOf(
                containsString("<link rel=\"next\" href=\"" + base + "?page=2\">"), not(containsString("rel=\"prev\"")),
                containsString("Page 1 of 2"), containsString("/report?lang=en"), containsString("<label for=\"f-rating\">")));
        String second = page(base + "?page=2");
        assertEquals(3, articles(second));
        org.hamcrest.MatcherAssert.assertThat(second, org.hamcrest.Matchers.allOf(
                containsString("<link rel=\"prev\" href=\"" + base + "?page=1\">"), not(containsString("rel=\"next\"")),
                containsString("Page 2 of 2")));

        String twos = page(base + "?rating=2");
        assertEquals(2, articles(twos));
        org.hamcrest.MatcherAssert.assertThat(twos, org.hamcrest.Matchers.allOf(containsString("Two 0"), not(containsString("Five ")),
                not(containsString("rel=\"next\"")), containsString("<option value=\"2\" selected>")));
        String fives = page(base + "?rating=5&language=nl");
        assertEquals(20, articles(fives));
        org.hamcrest.MatcherAssert.assertThat(fives, containsString("<link rel=\"next\" href=\"" + base + "?page=2&amp;rating=5&amp;language=nl\">"));
        assertEquals(1, articles(page(base + "?page=2&rating=5&language=nl")));
        String german = page(base + "?language=de");
        assertEquals(0, articles(german));
        org.hamcrest.MatcherAssert.assertThat(german, containsString("No reviews yet."));
        assertEquals(20, articles(page(base + "?rating=&language=&page=")), "the form's \"All\" sends empty values");

        for (String bad : List.of("?page=0", "?page=abc", "?page=3", "?rating=2&page=2", "?rating=6", "?rating=1%27%20or%201=1",
                "?language=xx", "?language=%3Cscript%3E", "?page=99999999999999999999")) {
            given().urlEncodingEnabled(false).get(base + bad).then().statusCode(404)
                    .body(containsString("This webshop is not known."));
        }
    }
}
