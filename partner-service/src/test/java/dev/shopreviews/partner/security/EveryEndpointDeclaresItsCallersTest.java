package dev.shopreviews.partner.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.EndpointDeclarations;
import dev.shopreviews.partner.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deny by default: every endpoint partner-service serves (its own and common's) declares who may call it, and the
 * framework refuses one that declares nothing. The resources with open endpoints are listed with the reason, so a
 * new open one fails here until it is declared or listed.
 */
@QuarkusTest
class EveryEndpointDeclaresItsCallersTest {
    static final String OWNER_KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String OPERATOR_KEY = "test-operator-session-key-0123456789abcdef";

    /** Resources with endpoints open to everyone, and why. */
    static final Map<String, String> OPEN = Map.of(
            "DashboardFilesResource", "the dashboard's page, script and styles: no data, the sign-in form is on it",
            "ConsoleFilesResource", "the console's page, script and styles: no data, the sign-in form is on it",
            "DashboardSessionResource", "sign-in (limits per address and client), sign-out (clears the cookie even of an "
                    + "ended session), the mailed link's password and the reset request (no session yet)",
            "OperatorSessionResource", "sign-in (limits per name and client) and sign-out (clears the cookie even of an "
                    + "ended session)",
            "OperatorApiKeysResource", "a script trades its API key for a session token (the key is the credential)");

    @Test
    void everyEndpointDeclaresItsCallersAndOnlyTheListedOnesAreOpen() throws Exception {
        Map<String, String> endpoints = EndpointDeclarations.of("dev.shopreviews.partner");
        EndpointDeclarations.assertDeclaredAndOnlyTheseOpen(endpoints, OPEN);
        assertEquals("permit all", endpoints.get("DashboardSessionResource#signIn"));
        assertEquals("roles: owner", endpoints.get("DashboardSessionResource#me"));
        assertEquals("roles: owner", endpoints.get("DashboardWebshopsResource#rotate"));
        assertEquals("roles: owner", endpoints.get("DashboardSessionsResource#end"));
        assertEquals("roles: moderator", endpoints.get("OperatorWebshopsResource#search"));
        assertEquals("roles: admin", endpoints.get("OperatorWebshopsResource#approve"));
        assertEquals("roles: admin", endpoints.get("OperatorApiKeysResource#create"));
        assertEquals("permit all", endpoints.get("OperatorApiKeysResource#token"));
        assertEquals("roles: machine-token", endpoints.get("AdminResource#create"));
        assertEquals("roles: partner-token", endpoints.get("PartnerApiResource#create"));
        assertEquals("roles: partner-token", endpoints.get("DomainLookupResource#lookup"));
        assertEquals("roles: api-code", endpoints.get("WebshopResource#retrieve"));
        assertTrue(endpoints.get("DeadLetterResource#list").startsWith("roles:"), "common's endpoints are declared too");
    }

    @Test
    void theFrameworkRefusesSessionsThatAreMissingForgedOrTooLow() {
        assertEquals(Boolean.TRUE, ConfigProvider.getConfig()
                .getValue("quarkus.security.jaxrs.deny-unannotated-endpoints", Boolean.class));
        given().get("/dashboard/api/partner/account/session").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Sign in to the dashboard."));
        given().cookie(OwnerSessions.COOKIE, "forged").get("/dashboard/api/partner/account/sessions").then().statusCode(401)
                .body("message", equalTo("Sign in to the dashboard."));
        given().get("/operator/api/partner/webshops").then().statusCode(401)
                .body("message", equalTo("Sign in to the operator console."));
        String moderator = new OperatorSessions(OPERATOR_KEY, new ObjectMapper()).open("declared-moderator",
                OperatorRole.MODERATOR, Instant.now());
        given().cookie(OperatorSessions.COOKIE, moderator).get("/operator/api/partner/webshops").then().statusCode(200);
        given().cookie(OperatorSessions.COOKIE, moderator).get("/operator/api/partner/operators").then().statusCode(403)
                .body("message", equalTo("Your operator role does not permit this."));
        given().post("/admin/webshops/1/approve").then().statusCode(401).body("message", equalTo("Operator token required."));
        given().header("Authorization", "Bearer wrong").post("/admin/webshops/1/approve").then().statusCode(401)
                .body("message", equalTo("Operator token required."));
    }

    @Test
    void anOwnersChangeNeedsTheDashboardsHeaderAndAnotherOwnersShopIsNotFound() {
        Fixtures.Shop shop = Fixtures.webshop();
        String owner = new OwnerSessions(OWNER_KEY, new ObjectMapper()).open(Long.MAX_VALUE - 7, "declared@example.com",
                List.of(shop.id()), Instant.now());
        given().cookie(OwnerSessions.COOKIE, owner).contentType(ContentType.JSON).body("{\"languages\":[\"nl\"]}")
                .put("/dashboard/api/partner/webshops/" + shop.id() + "/languages").then().statusCode(403)
                .body("message", equalTo("This request must come from the dashboard."));
        given().cookie(OwnerSessions.COOKIE, owner).get("/dashboard/api/partner/webshops/" + shop.id()).then()
                .statusCode(200);
        given().cookie(OwnerSessions.COOKIE, owner).get("/dashboard/api/partner/webshops/" + (shop.id() + 100_000)).then()
                .statusCode(404).body("message", equalTo("Webshop not found."));
    }

    @Test
    void signingOutWithAForgedOrWithoutACookieStillClearsIt() {
        given().cookie(OwnerSessions.COOKIE, "forged").header(OwnerSessions.CSRF_HEADER, "1")
                .delete("/dashboard/api/partner/account/session").then().statusCode(200)
                .body("message", equalTo("Signed out.")).cookie(OwnerSessions.COOKIE, equalTo(""));
        given().header(OperatorSessions.CSRF_HEADER, "1").delete("/operator/api/partner/session").then().statusCode(200)
                .body("message", equalTo("Signed out.")).cookie(OperatorSessions.COOKIE, equalTo(""));
        given().cookie(OwnerSessions.COOKIE, "forged").delete("/dashboard/api/partner/account/session").then()
                .statusCode(403).body("message", equalTo("This request must come from the dashboard."));
    }

    @Test
    void partnerTokensAndApiCodesKeepTheSpecsAnswers() {
        given().contentType(ContentType.JSON).body("{}").post("/partner_api/create").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Invalid or missing token."));
        given().queryParam("token", "not-a-token").contentType(ContentType.JSON).body("{}").post("/partner_api/create")
                .then().statusCode(401).body("message", equalTo("Invalid or missing token."));
        given().queryParam("url", "https://shop.example").get("/webshops/fetch_domain.json").then().statusCode(401)
                .body("message", equalTo("Invalid or missing token."));
        String token = Fixtures.partnerToken("declared-" + UUID.randomUUID().toString().substring(0, 8));
        given().queryParam("token", token).queryParam("url", "https://nowhere.example").get("/webshops/fetch_domain.json")
                .then().statusCode(200).body("size()", equalTo(0));

        given().get("/api/1.0/webshop.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set.")).body("data.size()", equalTo(0));
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("id", shop.id()).queryParam("code", "wrong").get("/api/1.0/webshop.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials.")).body("data.size()", equalTo(0));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json").then()
                .statusCode(200).body("data.name", equalTo("Fixture Shop"));
    }
}
