package dev.shopreviews.ratings.security;

import dev.shopreviews.common.testing.EndpointDeclarations;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deny by default: every endpoint ratings-service serves (its own and common's) declares who may call it, and the
 * framework refuses one that declares nothing. The open resources are listed with the reason, so a new one fails
 * here until it is declared or listed.
 */
@QuarkusTest
class EveryEndpointDeclaresItsCallersTest {
    /** Resources open to everyone, and why. */
    static final Map<String, String> OPEN = Map.of(
            "ProductReviewsResource", "the product feed checks its id/code in the endpoint: its refusals are XML (spec 4.6)",
            "ReviewReportsResource", "visitors report a public review without an account (per-client limits, same-site posts)",
            "TransparencyResource", "a webshop's transparency figures are public (no code)");

    @Test
    void everyEndpointDeclaresItsCallersAndOnlyTheListedOnesAreOpen() throws Exception {
        Map<String, String> endpoints = EndpointDeclarations.of("dev.shopreviews.ratings");
        EndpointDeclarations.assertDeclaredAndOnlyTheseOpen(endpoints, OPEN);
        assertEquals("roles: api-code, public-code", endpoints.get("RatingsResource#retrieve"));
        assertEquals("roles: api-code", endpoints.get("RatingsSummaryResource#retrieve"));
        assertEquals("roles: machine-token", endpoints.get("DeadLetterResource#list"));
        assertTrue(endpoints.containsKey("ProductReviewsResource#retrieve"), "found " + endpoints.keySet());
    }

    @Test
    void theFrameworkRefusesRatingsWithoutEitherCodeInTheSpecsAnswers() {
        assertEquals(Boolean.TRUE, ConfigProvider.getConfig()
                .getValue("quarkus.security.jaxrs.deny-unannotated-endpoints", Boolean.class));
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).queryParam("public_code", "").get("/api/1.0/ratings.json").then()
                .statusCode(400).body("message", equalTo("Not all obligated variables are set.")).body("ratings", empty());
        // Browser JavaScript reads the refusal too: Access-Control-Allow-Origin on the framework's answers as well.
        Response wrong = given().queryParam("id", shop.id()).queryParam("public_code", "wrong").get("/api/1.0/ratings.json");
        wrong.then().statusCode(401).body("message", equalTo("Incorrect authentication credentials.")).body("ratings", empty());
        assertEquals("*", wrong.getHeader("Access-Control-Allow-Origin"));
        Response missingId = given().queryParam("public_code", shop.publicCode()).get("/api/1.0/ratings.json");
        missingId.then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
        assertEquals("*", missingId.getHeader("Access-Control-Allow-Origin"));
        // The API code wins over the public code, and the public code opens nothing but ratings.json.
        given().queryParam("id", shop.id()).queryParam("code", "wrong").queryParam("public_code", shop.publicCode())
                .get("/api/1.0/ratings.json").then().statusCode(401).header("Access-Control-Allow-Origin", nullValue());
        given().queryParam("id", shop.id()).queryParam("public_code", shop.publicCode())
                .get("/api/1.0/ratings_summary.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
    }
}
