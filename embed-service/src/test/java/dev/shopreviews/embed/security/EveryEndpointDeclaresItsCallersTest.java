package dev.shopreviews.embed.security;

import dev.shopreviews.common.testing.EndpointDeclarations;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deny by default: every endpoint embed-service serves (its own and common's) declares who may call it, and the
 * framework refuses one that declares nothing. Most of this service is public by design (visitors and customers);
 * each open resource is listed here with the reason, so a new one fails until it is declared or listed.
 */
@QuarkusTest
class EveryEndpointDeclaresItsCallersTest {
    /** Resources open to everyone, and why. */
    static final Map<String, String> OPEN = Map.ofEntries(
            Map.entry("SidebarResource", "sidebar.js on every page of every shop"),
            Map.entry("WidgetResource", "the widget's HTML of published reviews"),
            Map.entry("ProductStarsResource", "a product's published stars"),
            Map.entry("RichSnippetResource", "the rich snippet of the published rating"),
            Map.entry("LibraryRichSnippetResource", "the shop library's rich snippet"),
            Map.entry("PublicPageResource", "the shop's public page"),
            Map.entry("ReviewPageResource", "one published review's page"),
            Map.entry("TransparencyPageResource", "the shop's transparency page"),
            Map.entry("ReportPageResource", "visitors' report form (its own CSRF token, per-client limits)"),
            Map.entry("ReviewFormResource", "customers' review form (the link's reference or signed token)"),
            Map.entry("BrowserPostsResource", "the pop-up's posts (public code, order signature, per-client limits)"));

    @Test
    void everyEndpointDeclaresItsCallersAndOnlyTheListedOnesAreOpen() throws Exception {
        Map<String, String> endpoints = EndpointDeclarations.of("dev.shopreviews.embed");
        EndpointDeclarations.assertDeclaredAndOnlyTheseOpen(endpoints, OPEN);
        assertEquals("roles: owner", endpoints.get("DashboardLinkOpensResource#linkOpens"));
        assertTrue(endpoints.get("DeadLetterResource#list").startsWith("roles:"), "common's endpoints are declared too");
    }

    @Test
    void aDashboardEndpointRefusesWithoutAValidSessionInTheEnvelope() {
        assertEquals(Boolean.TRUE, ConfigProvider.getConfig()
                .getValue("quarkus.security.jaxrs.deny-unannotated-endpoints", Boolean.class));
        given().get("/dashboard/api/embed/webshops/1/link-opens").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Sign in to the dashboard."));
        given().cookie("sr_owner", "forged").get("/dashboard/api/embed/webshops/1/link-opens").then().statusCode(401)
                .body("message", equalTo("Sign in to the dashboard."));
    }
}
