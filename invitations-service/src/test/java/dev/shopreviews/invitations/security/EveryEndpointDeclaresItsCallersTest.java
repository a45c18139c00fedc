package dev.shopreviews.invitations.security;

import dev.shopreviews.common.testing.EndpointDeclarations;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Deny by default: every endpoint invitations-service serves (its own and common's) declares who may call it, and
 * the framework refuses one that declares nothing. The open resources are listed with the reason, so a new one fails
 * here until it is declared or listed.
 */
@QuarkusTest
class EveryEndpointDeclaresItsCallersTest {
    /** Resources open to everyone (or with one open endpoint), and why. */
    static final Map<String, String> OPEN = Map.of(
            "InvitationsResource", "POST (add) checks its code in the endpoint: spec 7 refuses a missing email, a form "
                    + "field not read when the framework checks credentials, before a wrong code, in the plain error body",
            "PrivacyPageResource", "the privacy page: anyone asks for a sign-in link and uses it (the signed link is the "
                    + "credential); the page shows the form for an invalid cookie, never a 401",
            "OptOutResource", "the mailed opt-out link: its ref and signed token, checked in the endpoint",
            "PlatformWebhooksResource", "signed per request by the platform's HMAC, checked in the endpoint");

    @Test
    void everyEndpointDeclaresItsCallersAndOnlyTheListedOnesAreOpen() throws Exception {
        Map<String, String> endpoints = EndpointDeclarations.of("dev.shopreviews.invitations");
        EndpointDeclarations.assertDeclaredAndOnlyTheseOpen(endpoints, OPEN);
        assertEquals("roles: api-code", endpoints.get("InvitationsResource#retrieve"));
        assertEquals("permit all", endpoints.get("InvitationsResource#add"));
        assertEquals("roles: api-code", endpoints.get("OrderPermissionsResource#check"));
        assertEquals("roles: api-code", endpoints.get("CustomerErasureResource#eraseForm"));
        assertEquals("roles: api-code", endpoints.get("CustomerErasureResource#eraseJson"));
        assertEquals("roles: privacy-session", endpoints.get("InvitationsExportResource#export"));
        assertEquals("roles: machine-token", endpoints.get("DeadLetterResource#list"));
    }

    @Test
    void theFrameworkRefusesTheShopApiInTheSpecsAnswers() {
        assertEquals(Boolean.TRUE, ConfigProvider.getConfig()
                .getValue("quarkus.security.jaxrs.deny-unannotated-endpoints", Boolean.class));
        given().get("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set.")).body("invitations", empty());
        given().queryParam("id", "1").queryParam("code", "wrong").get("/api/1.0/invitations.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials.")).body("total", equalTo(0));
        // order_permissions: a missing orderNumber is refused before the code is checked, as before.
        given().queryParam("id", "1").queryParam("code", "wrong").get("/api/2.0/order_permissions.json").then()
                .statusCode(400).body("message", equalTo("Not all obligated variables are set."))
                .body("has_consent", equalTo(false));
        given().queryParam("id", "1").queryParam("code", "wrong").queryParam("orderNumber", "1")
                .get("/api/2.0/order_permissions.json").then().statusCode(401).body("has_consent", equalTo(false));
        // The shop's customer erasure: the plain error body.
        given().contentType("application/x-www-form-urlencoded").formParam("email", "a@example.com")
                .post("/api/1.0/customer_erasure.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set.")).body("invitations", nullValue());
        given().queryParam("id", "1").queryParam("code", "wrong").contentType("application/json").body("{}")
                .post("/api/1.0/customer_erasure.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
        given().get("/privacy/api/invitations/export").then().statusCode(401)
                .body("message", equalTo("Your privacy link has expired. Ask for a new one."));
    }

    @Test
    void theAddStillAnswersAMissingEmailBeforeAWrongCode() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("id", shop.id()).queryParam("code", "wrong").contentType("application/x-www-form-urlencoded")
                .formParam("order", "1").post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set.")).body("invitations", nullValue());
    }
}
