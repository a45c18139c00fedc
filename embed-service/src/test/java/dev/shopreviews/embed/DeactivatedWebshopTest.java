package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A webshop the operator deactivated (a snapshot with active=false): every browser part says its reviews are
 * unavailable or renders nothing, nothing is collected for it, and after a reactivation everything works again.
 */
@QuarkusTest
class DeactivatedWebshopTest {
    static final String UNAVAILABLE = "The reviews of this shop are not available at the moment.";
    static final String NOT_COLLECTING = "This shop no longer collects reviews here.";

    @ConfigProperty(name = "shopreviews.link-signing-key")
    String key;

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;

    @Test
    void widgetAndPublicPagesSayTheReviewsAreUnavailableUntilTheShopIsReactivated() {
        Fixtures.Shop shop = Fixtures.webshop("deactivate.example");
        widget(shop, "eng").then().statusCode(200).body(containsString("out of 5"), not(containsString(UNAVAILABLE)));

        Fixtures.snapshot(shop, 2, false);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> widget(shop, "eng").then().statusCode(200)
                .body(containsString(UNAVAILABLE), containsString("Fixture Shop"), not(containsString("out of 5"))));
        widget(shop, "nld").then().statusCode(200)
                .body(containsString("De reviews van deze winkel zijn op dit moment niet beschikbaar."));
        given().get("/shop/" + shop.id() + "/en").then().statusCode(200)
                .body(containsString(UNAVAILABLE), containsString("noindex"), not(containsString("out of 5")));
        given().get("/shop/" + shop.id() + "/nl").then().statusCode(200)
                .body(containsString("De reviews van deze winkel zijn op dit moment niet beschikbaar."));
        given().queryParam("lang", "en").get("/shop/" + shop.id() + "/transparency").then().statusCode(200)
                .body(containsString(UNAVAILABLE));
        // an unknown id is still told apart
        given().get("/shop/999999999999/en").then().statusCode(404).body(containsString("This webshop is not known."));

        Fixtures.snapshot(shop, 3, true);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> widget(shop, "eng").then().statusCode(200)
                .body(containsString("out of 5"), not(containsString(UNAVAILABLE))));
        given().get("/shop/" + shop.id() + "/en").then().statusCode(200)
                .body(containsString("Reviews of Fixture Shop"), not(containsString(UNAVAILABLE)));
    }

    @Test
    void theReviewFormAndThePopUpRefuseADeactivatedShopAndPublishNothing() {
        Fixtures.Shop shop = Fixtures.webshop("refuse.example");
        Fixtures.snapshot(shop, 2, false);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().get("/shop/" + shop.id() + "/en").then().body(containsString(UNAVAILABLE)));
        String order = "DEACT-" + UUID.randomUUID();
        String token = token(shop.id(), order);

        given().queryParam("token", token).get("/embed/review").then().statusCode(403)
                .body(containsString(NOT_COLLECTING), not(containsString("name=\"rating\"")));
        given().header("Origin", self()).formParam("token", token).formParam("rating", "5").formParam("shippingtime", "4")
                .formParam("customerservice", "5").formParam("pricequality", "4").formParam("aftersale", "3")
                .formParam("comment", "Should not arrive").formParam("name", "Kees")
                .post("/embed/review").then().statusCode(403).body(containsString(NOT_COLLECTING));
        given().contentType(ContentType.JSON).header("Origin", "https://refuse.example")
                .body("""
                        {"order_number":"%s","choice":"review_written","email":"jan@example.com","review":%s}"""
                        .formatted(order, "{\"rating\":5,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":5,\"aftersale\":4},\"comment\":\"No\",\"name\":\"Jan\",\"email\":\"jan@example.com\"}"))
                .post("/embed/" + shop.id() + "/consent").then().statusCode(403)
                .body("status", equalTo("error")).body("message", equalTo(NOT_COLLECTING));
        given().header("Origin", "https://refuse.example").options("/embed/" + shop.id() + "/reviews").then().statusCode(403);

        assertTrue(KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(), r -> r.value() != null && r.value().contains(order), 1,
                Duration.ofSeconds(3)).isEmpty(), "no reviews.submitted for a deactivated shop");
        assertTrue(KafkaTestClient.await(Topics.CONSENTS_RECORDED.name(), r -> r.value() != null && r.value().contains(order), 1,
                Duration.ofSeconds(1)).isEmpty(), "no consents.recorded for a deactivated shop");
    }

    @Test
    void sidebarOfADeactivatedShopOnlyLogsOnceAndComesBackAfterReactivation() {
        Fixtures.Shop shop = Fixtures.deactivatedWebshop("quiet.example");
        String script = given().queryParam("id", shop.id()).get("/sidebar.js").then().statusCode(200).extract().asString();
        assertTrue(script.contains("console.info(") && !script.contains("function") && !script.contains("\"id\":" + shop.id()),
                script);
        assertTrue(script.indexOf("console.info(") == script.lastIndexOf("console.info(") && !script.contains("console.error")
                && !script.contains("console.log"), "a single console call: " + script);

        Fixtures.snapshot(shop, 2, true);
        // the deactivated script is a stand-in, kept for shopreviews.sidebar.unknown-ttl (10 s)
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js")
                .then().statusCode(200).body(containsString("\"id\":" + shop.id())));
    }

    private static io.restassured.response.Response widget(Fixtures.Shop shop, String language) {
        return given().queryParam("id", shop.id()).queryParam("layout", "new_default").queryParam("theme", "light")
                .queryParam("color", "#0b5cad").queryParam("show", "yes").queryParam("view", "list").queryParam("amount", "2")
                .queryParam("width", "manual").queryParam("width_amount", "300px").queryParam("height", "250")
                .queryParam("interval", "5000").queryParam("language", language).get("/webshops/widget_html");
    }

    private String token(long webshopId, String order) {
        ReviewLink link = new ReviewLink(webshopId, 4712L, order, "klant@example.com", "Kees", "en", List.of(),
                Instant.now().plusSeconds(3600).getEpochSecond());
        return new SignedTokens(key, new ObjectMapper().findAndRegisterModules()).sign(link);
    }

    private String self() {
        return "http://" + root.getHost() + ":" + root.getPort();
    }
}
