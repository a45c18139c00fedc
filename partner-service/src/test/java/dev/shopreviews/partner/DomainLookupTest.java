package dev.shopreviews.partner;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/** Spec 4.10 and 2.6. */
@QuarkusTest
class DomainLookupTest {

    @Test
    void everyFormOfTheShopsAddressFindsIt() {
        Fixtures.Shop shop = Fixtures.webshop();
        String token = Fixtures.partnerToken("lookup-partner");
        for (String url : new String[]{shop.domain(), "https://" + shop.domain(), "HTTP://WWW." + shop.domain().toUpperCase() + ":8443/a?b=c#d",
                "https://user@www." + shop.domain() + "./checkout"}) {
            given().queryParam("token", token).queryParam("url", url).get("/webshops/fetch_domain.json")
                    .then().statusCode(200)
                    .body("$", hasSize(1))
                    .body("[0].id", equalTo((int) shop.id()))
                    .body("[0].name", equalTo("Fixture Shop"))
                    .body("[0].rating", nullValue())
                    .body("[0].rating_count", equalTo(0))
                    .body("[0].page", matchesPattern(".*/shop/" + shop.id() + "/nl"))
                    .body("[0].hero_color", matchesPattern("#[0-9a-f]{6}"))
                    .body("[0].created", matchesPattern("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"))
                    .body("[0]", not(hasKey("approved_date")))
                    .body("[0]", not(hasKey("partner_assurances")));
        }
    }

    @Test
    void unknownDomainAnswersAnEmptyArray() {
        given().queryParam("token", Fixtures.partnerToken("p")).queryParam("url", "https://nobody-" + UUID.randomUUID() + ".example")
                .get("/webshops/fetch_domain.json").then().statusCode(200).body("$", hasSize(0));
    }

    @Test
    void missingWrongOrRevokedTokenIs401() {
        given().queryParam("url", "a.example").get("/webshops/fetch_domain.json")
                .then().statusCode(401).body("status", equalTo("error")).body("message", equalTo("Invalid or missing token."));
        String body = given().header("Authorization", Fixtures.OPERATOR).contentType("application/json")
                .body("{\"partner\":\"revoked\"}").post("/admin/partner-tokens").then().extract().asString();
        io.restassured.path.json.JsonPath issued = io.restassured.path.json.JsonPath.from(body);
        given().header("Authorization", Fixtures.OPERATOR).delete("/admin/partner-tokens/" + issued.getLong("id"))
                .then().statusCode(204);
        given().queryParam("token", issued.getString("token")).queryParam("url", "a.example").get("/webshops/fetch_domain.json")
                .then().statusCode(401);
    }

    @Test
    void missingUrlIsNotAllObligatedVariables() {
        given().queryParam("token", Fixtures.partnerToken("p")).get("/webshops/fetch_domain.json")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
    }

    @Test
    void approvedDateOnlyWhenRequestedAndApproved() {
        Fixtures.Shop shop = Fixtures.webshop();
        String token = Fixtures.partnerToken("p");
        given().queryParam("token", token).queryParam("url", shop.domain()).queryParam("approved_date", "true")
                .get("/webshops/fetch_domain.json").then().body("[0]", not(hasKey("approved_date")));
        given().header("Authorization", Fixtures.OPERATOR).post("/admin/webshops/" + shop.id() + "/approve").then().statusCode(200);
        given().queryParam("token", token).queryParam("url", shop.domain()).queryParam("approved_date", "true")
                .get("/webshops/fetch_domain.json").then().body("[0].approved_date", matchesPattern("\\d{4}-\\d{2}-\\d{2}"));
    }

    @Test
    void ratingFollowsTheSummaryTopicOnTheTenPointScale() {
        Fixtures.Shop shop = Fixtures.webshop();
        String token = Fixtures.partnerToken("p");
        KafkaTestClient.send(Topics.RATINGS_SUMMARY.name(), String.valueOf(shop.id()), """
                {"event_id":"%s","type":"ratings.summary","occurred_at":"%s","webshop_id":%d,"amount":7,
                 "rating_average":4.36,"ratings_average":{"shippingtime":4,"customerservice":4,"pricequality":4,"aftersale":4}}
                """.formatted(UUID.randomUUID(), Instant.now(), shop.id()));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                given().queryParam("token", token).queryParam("url", shop.domain()).get("/webshops/fetch_domain.json")
                        .then().body("[0].rating", equalTo(8.7f)).body("[0].rating_count", equalTo(7)));
    }
}
