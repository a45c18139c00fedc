package dev.shopreviews.webhooks.security;

import dev.shopreviews.common.testing.EndpointDeclarations;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deny by default: every endpoint this service serves (its own and common's) declares who may call it, and the
 * framework refuses an endpoint that declares nothing. No endpoint of this service is open (@PermitAll): a new open
 * one fails here until it is listed with the reason.
 */
@QuarkusTest
class EveryEndpointDeclaresItsCallersTest {
    /** Endpoints open to everyone, with the reason. */
    static final Map<String, String> OPEN = Map.of();

    @Test
    void everyEndpointDeclaresItsCallersAndOnlyTheListedOnesAreOpen() throws Exception {
        Map<String, String> endpoints = EndpointDeclarations.of("dev.shopreviews.webhooks");
        assertTrue(endpoints.keySet().containsAll(Set.of("DeadLetterResource#list", "OperatorPipelineResource#replay",
                "DashboardWebhooksResource#subscribe", "FailingEndpointsResource#list")), "found " + endpoints.keySet());
        EndpointDeclarations.assertDeclaredAndOnlyTheseOpen(endpoints, OPEN);
        assertEquals("roles: owner", endpoints.get("DashboardWebhooksResource#subscribe"));
        assertEquals("roles: admin", endpoints.get("OperatorPipelineResource#replay"));
        assertEquals("roles: machine-token", endpoints.get("DeadLetterResource#list"));
        assertEquals("roles: api-code", endpoints.get("SubscriptionsResource#subscribe"));
        assertEquals("roles: privacy-session", endpoints.get("PrivacyExportResource#export"));
    }

    @Test
    void theFrameworkRefusesWhatDeclaresNothing() {
        assertEquals(Boolean.TRUE, ConfigProvider.getConfig()
                .getValue("quarkus.security.jaxrs.deny-unannotated-endpoints", Boolean.class));
        // A declared owner endpoint without a session: the framework's 401, in the envelope with the dashboard's text.
        given().get("/dashboard/api/webhooks/webshops/1/subscriptions").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Sign in to the dashboard."));
        given().get("/admin/dead-letters").then().statusCode(401).body("message", equalTo("Operator token required."));
        given().cookie("sr_operator", "forged").get("/operator/api/webhooks/failing-endpoints").then().statusCode(401)
                .body("message", equalTo("Sign in to the operator console."));
        // The shop API: the spec's answers, in the endpoint's own error body.
        given().get("/api/1.0/webhooks/list.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set.")).body("webhooks.size()", equalTo(0));
        given().queryParam("id", "1").queryParam("code", "wrong").get("/api/1.0/webhooks/list.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials.")).body("webhooks.size()", equalTo(0));
        given().queryParam("id", "x").queryParam("code", "wrong").get("/api/1.0/webhooks/7/deliveries.json").then()
                .statusCode(401).body("deliveries.size()", equalTo(0));
        given().get("/privacy/api/webhooks/export").then().statusCode(401)
                .body("message", equalTo("Your privacy link has expired. Ask for a new one."));
    }

    /** The scanner itself: a resource without a declaration is reported as "none" (the check can fail). */
    @Test
    void anUndeclaredEndpointIsReported() throws Exception {
        assertEquals("none", EndpointDeclarations.declaration(Undeclared.class, Undeclared.class.getMethod("get")));
    }

    @Path("/undeclared")
    static class Undeclared {
        @GET
        public String get() {
            return "";
        }
    }
}
