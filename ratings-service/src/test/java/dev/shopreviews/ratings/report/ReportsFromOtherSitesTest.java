package dev.shopreviews.ratings.report;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The report form refuses posts from other sites like the suite's other forms: a foreign Origin or
 * {@code Sec-Fetch-Site: cross-site} is a 403 envelope and stores nothing; the report page's own post (the suite's
 * origin, same-origin or same-site) and a program's post (neither header) are taken.
 */
@QuarkusTest
class ReportsFromOtherSitesTest {
    private static final String OTHER_SITE = "This report must be sent from the review's report page.";

    @ConfigProperty(name = "shopreviews.public-base-url")
    String publicBaseUrl;

    @Test
    void aFormPostedFromAnotherSiteIsRefusedWithTheEnvelopeAndStoresNothing() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = review(shop.id());
        form("198.18.10.1", shop.id(), review).header("Origin", "https://evil.example").post(VisitorReportsTest.PATH)
                .then().statusCode(403).body("status", equalTo("error")).body("message", equalTo(OTHER_SITE));
        form("198.18.10.2", shop.id(), review).header("Sec-Fetch-Site", "cross-site").post(VisitorReportsTest.PATH)
                .then().statusCode(403).body("status", equalTo("error")).body("message", equalTo(OTHER_SITE));
        form("198.18.10.3", shop.id(), review).header("Origin", "null").post(VisitorReportsTest.PATH)
                .then().statusCode(403).body("message", equalTo(OTHER_SITE));
        given().header("X-Forwarded-For", "198.18.10.4").contentType("application/json").header("Origin", "https://evil.example")
                .body("{\"webshop_id\":" + shop.id() + ",\"review_id\":" + review + ",\"reason\":\"spam\"}")
                .post(VisitorReportsTest.PATH).then().statusCode(403).body("message", equalTo(OTHER_SITE));
        assertEquals(0, Db.count("select count(*) from review_report where review_id = ?", review));
    }

    @Test
    void theReportPagesOwnPostAndAProgramsPostAreTaken() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        form("198.18.11.1", shop.id(), review(shop.id())).header("Origin", publicBaseUrl).header("Sec-Fetch-Site", "same-origin")
                .post(VisitorReportsTest.PATH).then().statusCode(303);
        form("198.18.11.2", shop.id(), review(shop.id())).header("Sec-Fetch-Site", "same-site")
                .post(VisitorReportsTest.PATH).then().statusCode(303);
        form("198.18.11.3", shop.id(), review(shop.id())).post(VisitorReportsTest.PATH).then().statusCode(303);
    }

    private static RequestSpecification form(String client, long webshopId, long reviewId) {
        return given().header("X-Forwarded-For", client).contentType("application/x-www-form-urlencoded")
                .redirects().follow(false).formParam("webshop_id", String.valueOf(webshopId))
                .formParam("review_id", String.valueOf(reviewId)).formParam("reason", "spam").formParam("lang", "en");
    }

    private static long review(long webshopId) {
        return Db.count("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, "
                + "shippingtime, customerservice, pricequality, aftersale, comment, quarantine, verified, held, created_at, "
                + "modified_at) values (?, 'form', '', 'Jan', 'jan@example.com', 'NL', 'nl', 2, 2, 2, 2, 2, 'Slecht.', false, "
                + "false, false, now(), now()) returning id", webshopId);
    }
}
