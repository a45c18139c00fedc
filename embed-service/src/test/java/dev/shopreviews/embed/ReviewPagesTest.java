package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The invitation review form (signed link) and the public webshop page. */
@QuarkusTest
class ReviewPagesTest {
    @ConfigProperty(name = "shopreviews.link-signing-key")
    String key;

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;

    private String self() {
        return "http://" + root.getHost() + ":" + root.getPort();
    }

    private String token(long webshopId, String order, long expiresAt, String language) {
        ReviewLink link = new ReviewLink(webshopId, 4711L, order, "klant@example.com", "Kees", language,
                List.of(new ReviewLink.Product("P-1", "Blue Kettle", "https://shop.example/kettle", null, "SKU1", "1234567890123")),
                expiresAt);
        return new SignedTokens(key, new ObjectMapper().findAndRegisterModules()).sign(link);
    }

    @Test
    void invitationLinkShowsTheFormWithProductRatingsAndPublishesAnInvitationReview() {
        Fixtures.Shop shop = Fixtures.webshop("invite.example");
        String order = "INV-" + UUID.randomUUID();
        String token = token(shop.id(), order, Instant.now().plusSeconds(3600).getEpochSecond(), "nl");
        given().queryParam("token", token).get("/embed/review").then().statusCode(200)
                .body(containsString("Beoordeel je bestelling bij Fixture Shop"), containsString("Blue Kettle"),
                        containsString("name=\"product_rating_0\""), containsString("value=\"Kees\""));
        given().header("Origin", self()).formParam("token", token).formParam("rating", "5").formParam("shippingtime", "4")
                .formParam("customerservice", "5").formParam("pricequality", "4").formParam("aftersale", "3")
                .formParam("comment", "Kettle works").formParam("name", "Kees").formParam("product_rating_0", "5")
                .formParam("product_text_0", "Boils fast")
                .post("/embed/review").then().statusCode(200).body(containsString("Bedankt voor je review"));
        List<ConsumerRecord<String, String>> found = KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(), r -> r.value().contains(order), 1, Duration.ofSeconds(30));
        assertFalse(found.isEmpty());
        String value = found.get(0).value();
        assertTrue(value.contains("\"origin\":\"invitation\"") && value.contains("\"invitation_id\":4711")
                && value.contains("\"product_id\":\"P-1\"") && value.contains("\"email\":\"klant@example.com\""), value);
    }

    @Test
    void missingRatingsShowTheFormAgainWithReadableErrors() {
        Fixtures.Shop shop = Fixtures.webshop("invite2.example");
        String token = token(shop.id(), "O-1", Instant.now().plusSeconds(3600).getEpochSecond(), "en");
        given().header("Origin", self()).formParam("token", token).formParam("rating", "9").formParam("name", "")
                .post("/embed/review").then().statusCode(400)
                .body(containsString("Invalid value for rating: expected an integer from 1 to 5."),
                        containsString("Invalid value for name: required, at most 100 characters."));
    }

    @Test
    void forgedOrExpiredLinkShowsAFriendlyPage() {
        Fixtures.Shop shop = Fixtures.webshop("expired.example");
        String expired = token(shop.id(), "O-2", Instant.now().minusSeconds(10).getEpochSecond(), "de");
        given().queryParam("token", expired).get("/embed/review").then().statusCode(410).contentType(containsString("text/html"))
                .body(containsString("Dieser Bewertungslink ist abgelaufen."), not(containsString("Exception")));
        String valid = token(shop.id(), "O-3", Instant.now().plusSeconds(60).getEpochSecond(), "en");
        given().queryParam("token", valid.substring(0, valid.length() - 3) + "abc").get("/embed/review").then().statusCode(400)
                .body(containsString("This review link is not valid."));
        given().queryParam("token", "garbage").get("/embed/review").then().statusCode(400).body(containsString("not valid"));
        given().get("/embed/review").then().statusCode(400).body(containsString("not valid"));
        given().formParam("token", "garbage").formParam("rating", "5").post("/embed/review").then().statusCode(400);
        given().header("Origin", "https://evil.example").formParam("token", valid).formParam("rating", "5").post("/embed/review")
                .then().statusCode(403);
    }

    @Test
    void publicPageListsEscapedReviewsRatingAndCountWithoutShopRatingMarkup() {
        Fixtures.Shop shop = Fixtures.webshop("Page Shop", "page.example", "nl", List.of("nl", "en"));
        Fixtures.summary(shop.id(), 7, "4.00", Instant.now());
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Bram <b>Bold</b>", 4,
                "<script>alert(1)</script> good", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + shop.id() + "/nl").then().statusCode(200)
                .body(containsString("Reviews van Page Shop"), containsString("op basis van 7 reviews"),
                        containsString("Bram &lt;b&gt;Bold&lt;/b&gt;"), containsString("&lt;script&gt;alert(1)&lt;/script&gt; good")));
        given().get("/shop/" + shop.id() + "/en").then().statusCode(200).body(containsString("Reviews of Page Shop"),
                not(containsString("AggregateRating")), not(containsString("schema.org")));
        given().get("/shop/" + shop.id() + "/fr").then().statusCode(200).body(containsString("Reviews of Page Shop"));
        given().get("/shop/123456789012/en").then().statusCode(404).body(containsString("This webshop is not known."));
        given().get("/shop/abc/en").then().statusCode(404);
    }

    /** Issue 21: nobody may frame the review form (clickjacking its button); any shop may frame the widget. */
    @Test
    void theReviewFormRunsUnderAHashBasedPolicyNobodyMayFrameAndTheWidgetAnyShopMay() {
        Fixtures.Shop shop = Fixtures.webshop("framed.example");
        String token = token(shop.id(), "O-F", Instant.now().plusSeconds(3600).getEpochSecond(), "en");
        io.restassured.response.Response form = given().queryParam("token", token).get("/embed/review");
        String policy = form.header("Content-Security-Policy");
        assertTrue(policy != null && policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'")
                && policy.contains("style-src 'sha256-") && !policy.contains("unsafe-inline"), policy);
        assertTrue("nosniff".equals(form.header("X-Content-Type-Options")) && "same-origin".equals(form.header("Referrer-Policy")),
                form.headers().toString());
        String expired = given().queryParam("token", "garbage").get("/embed/review").header("Content-Security-Policy");
        assertTrue(expired != null && expired.contains("frame-ancestors 'none'"), expired);

        String widget = given().queryParam("id", shop.id()).queryParam("layout", "new_default").queryParam("theme", "light")
                .queryParam("color", "#336699").queryParam("show", "yes").queryParam("view", "slider").queryParam("amount", "3")
                .queryParam("width", "auto").queryParam("height", "300").queryParam("interval", "5000").queryParam("language", "eng")
                .get("/webshops/widget_html").then().statusCode(200).extract().header("Content-Security-Policy");
        assertTrue(widget.contains("frame-ancestors *") && widget.contains("script-src 'sha256-")
                && widget.contains("'unsafe-hashes'") && !widget.contains("unsafe-inline"), widget);
        assertTrue("nosniff".equals(given().queryParam("id", shop.id()).get("/sidebar.js").header("X-Content-Type-Options")));
    }
}
