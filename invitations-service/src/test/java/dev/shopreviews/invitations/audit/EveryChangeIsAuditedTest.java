package dev.shopreviews.invitations.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.StateChangingEndpoints;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every state-changing endpoint of invitations-service (POST, PUT, PATCH, DELETE of its resources, found by
 * reflection) is either audited, and then a scenario calls it and finds the entry (actor, action, subject) without
 * the customer's data or a secret, or listed in {@link #NOT_AUDITED} with the reason. A new endpoint fails here until
 * it is one or the other.
 */
@QuarkusTest
class EveryChangeIsAuditedTest {
    static final String OWNER_KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String TOKEN = "Bearer test-operator-token";
    static final String PLATFORM_SECRET = "a7c3e9f1b5d2048e6a1c7f3b9d5e2a8c4f0b6d1e7a3c9f5b2d8e4a0c6f1b7d3e";

    /** Endpoints that change state but write no audit entry, and why. */
    static final Map<String, String> NOT_AUDITED = Map.ofEntries(
            Map.entry("InvitationsResource#add", "the shop's API adding an invitation (spec 4.1; high volume, data not "
                    + "configuration): the invitation row records it (webshop, created_at, client and versions)"),
            Map.entry("PlatformWebhooksResource#wooCommerce", "a signed order delivery of the shop's platform: "
                    + "shop_platform_delivery and shop_platform_order record each delivery and order, the invitation row the add"),
            Map.entry("PlatformWebhooksResource#shopify", "as wooCommerce: recorded in shop_platform_delivery and "
                    + "shop_platform_order"),
            Map.entry("PrivacyEraseResource#erase", "the person themself on the privacy page (no account): recorded as the "
                    + "customers.erased event (requested_by person) and the link's use in privacy_link_log"),
            Map.entry("PrivacyPageResource#requestLink", "a visitor asking for a privacy link (no account): "
                    + "privacy_link_log records the request (hashes only)"),
            Map.entry("PrivacyPageResource#useLink", "a visitor opening their privacy session (no account): "
                    + "privacy_link_log records the use"),
            Map.entry("PrivacyPageResource#signOut", "ends the visitor's own privacy session; changes no stored data"),
            Map.entry("DashboardTemplatesResource#preview", "renders a template for the owner; stores nothing"),
            Map.entry("OptOutResource#optOut", "the e-mail's recipient opting out (no account): recorded in opt_out"),
            Map.entry("OptOutResource#optOutMultipart", "as optOut (a mail client's one-click post): recorded in opt_out"));

    enum By { OWNER, API_CODE, TOKEN }

    /** The shop, the owner's session and a text that is in every piece of the customer's data the scenario sends. */
    record Context(Fixtures.Shop shop, String session, String secret) {
        String email() {
            return "customer-" + secret + "@example.com";
        }
    }

    /**
     * One call of an audited endpoint answering the subject it changed; the expected action and actor. {@code prepare}
     * runs before the audit log is looked at (e.g. a connection to disconnect).
     */
    record Scenario(String action, By by, Consumer<Context> prepare, Function<Context, String> call) {
        Scenario(String action, By by, Function<Context, String> call) {
            this(action, by, c -> { }, call);
        }
    }

    static final String TEMPLATE = "{\"subject\":\"How was your order?\",\"html\":\"<p>Dear {#if customer_name}{customer_name}"
            + "{#else}customer{/if},</p><p><a href=\\\"{review_link}\\\">Review {shop_name}</a> - <a href=\\\"{opt_out_link}\\\">"
            + "no more e-mails</a></p>\",\"text\":\"Review us: {review_link} No more e-mails: {opt_out_link}\"}";

    static final Map<String, Scenario> AUDITED = Map.ofEntries(
            Map.entry("CustomerErasureResource#eraseForm", new Scenario("customer.erase", By.API_CODE, c ->
                    "erasure:" + c.shop().auth().contentType("application/x-www-form-urlencoded").formParam("email", c.email())
                            .post("/api/1.0/customer_erasure.json").then().statusCode(200).extract().path("reference"))),
            Map.entry("CustomerErasureResource#eraseJson", new Scenario("customer.erase", By.API_CODE, c ->
                    "erasure:" + c.shop().auth().contentType("application/json").body("{\"email\":\"" + c.email() + "\"}")
                            .post("/api/1.0/customer_erasure.json").then().statusCode(200).extract().path("reference"))),
            Map.entry("CustomerErasureAdminResource#erase", new Scenario("customer.erase", By.TOKEN, c ->
                    "erasure:" + given().header("Authorization", TOKEN).contentType("application/json")
                            .body("{\"email\":\"" + c.email() + "\"}").post("/admin/customer-erasures")
                            .then().statusCode(200).extract().path("reference"))),
            Map.entry("LinkAdminResource#revoke", new Scenario("invitation.revoke_links", By.TOKEN,
                    c -> Fixtures.add(c.shop(), Map.of("email", c.email(), "order", "R-" + c.secret())), c -> {
                        long invitation = Db.count("select id from invitation where webshop_id = ? and email = ?",
                                c.shop().id(), c.email());
                        given().header("Authorization", TOKEN).post("/admin/invitations/" + invitation + "/revoke-links")
                                .then().statusCode(200);
                        return "invitation:" + invitation;
                    })),
            Map.entry("DashboardShopPlatformsResource#generate", new Scenario("invitation.shop_platform", By.OWNER, c -> {
                owner(c).post(Owners.base(c.shop().id()) + "/shop-platforms/woocommerce/secret").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })),
            Map.entry("DashboardShopPlatformsResource#set", new Scenario("invitation.shop_platform", By.OWNER, c -> {
                owner(c).body("{\"secret\":\"" + PLATFORM_SECRET + "\"}")
                        .put(Owners.base(c.shop().id()) + "/shop-platforms/shopify/secret").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })),
            Map.entry("DashboardShopPlatformsResource#disconnect", new Scenario("invitation.shop_platform", By.OWNER,
                    c -> owner(c).body("{\"secret\":\"" + PLATFORM_SECRET + "\"}")
                            .put(Owners.base(c.shop().id()) + "/shop-platforms/shopify/secret").then().statusCode(200), c -> {
                        owner(c).delete(Owners.base(c.shop().id()) + "/shop-platforms/shopify").then().statusCode(200);
                        return "webshop:" + c.shop().id();
                    })),
            Map.entry("DashboardTemplatesResource#save", new Scenario("invitation.template", By.OWNER, c -> {
                owner(c).body(TEMPLATE).put(Owners.base(c.shop().id()) + "/templates/invitation/en").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })),
            Map.entry("DashboardTemplatesResource#delete", new Scenario("invitation.template", By.OWNER,
                    c -> owner(c).body(TEMPLATE).put(Owners.base(c.shop().id()) + "/templates/invitation/en").then().statusCode(200),
                    c -> {
                        owner(c).delete(Owners.base(c.shop().id()) + "/templates/invitation/en").then().statusCode(200);
                        return "webshop:" + c.shop().id();
                    })),
            Map.entry("DashboardSettingsResource#change", new Scenario("invitation.defaults", By.OWNER, c -> {
                owner(c).body(Map.of("default_delay", 3)).put(Owners.base(c.shop().id()) + "/settings").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })),
            Map.entry("DashboardInvitationsResource#add", new Scenario("invitation.add", By.OWNER, c -> {
                owner(c).body(Map.of("email", c.email(), "order", "D-" + c.secret(), "customer_name", "Anna " + c.secret()))
                        .post(Owners.base(c.shop().id()) + "/invitations").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })),
            Map.entry("DashboardInvitationsResource#upload", new Scenario("invitation.csv_import", By.OWNER, c -> {
                String csv = "email,order,name\n" + c.email() + ",C-" + c.secret() + ",Anna " + c.secret() + "\n";
                given().cookie(OwnerSessions.COOKIE, c.session()).header(OwnerSessions.CSRF_HEADER, "1").contentType("text/csv")
                        .body(csv.getBytes(StandardCharsets.UTF_8)).queryParam("dry_run", "false")
                        .post(Owners.base(c.shop().id()) + "/invitations/csv").then().statusCode(200);
                return "webshop:" + c.shop().id();
            })));

    @Test
    void everyStateChangingEndpointIsAuditedWithoutPersonalDataOrListedWithItsReason() throws Exception {
        StateChangingEndpoints.assertAccountedFor("dev/shopreviews/invitations", AUDITED.keySet(), NOT_AUDITED);

        for (Map.Entry<String, Scenario> endpoint : AUDITED.entrySet()) {
            Fixtures.Shop shop = Fixtures.webshop("en", "en");
            long ownerId = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
            String session = new OwnerSessions(OWNER_KEY, new ObjectMapper()).open(ownerId, "owner" + ownerId + "@example.com",
                    List.of(shop.id()), Instant.now());
            Context context = new Context(shop, session, UUID.randomUUID().toString().substring(0, 12));
            Scenario scenario = endpoint.getValue();
            scenario.prepare().accept(context);
            long before = Db.count("select coalesce(max(id), 0) from audit_entry");
            String subject = scenario.call().apply(context);

            String actor = switch (scenario.by()) {
                case OWNER -> "owner:" + ownerId;
                case API_CODE -> "api-code:webshop:" + shop.id();
                case TOKEN -> "token:operator-token";
            };
            assertEquals(1, Db.count("select count(*) from audit_entry where id > ? and action = ? and actor = ? and subject = ?",
                    before, scenario.action(), actor, subject), endpoint.getKey() + " wrote no " + scenario.action()
                    + " entry by " + actor + " on " + subject);
            String entries = Db.text("select string_agg(concat_ws(' ', actor, action, subject, \"before\", \"after\"), ' ') "
                    + "from audit_entry where id > ?", before);
            assertFalse(entries.contains(context.secret()), endpoint.getKey() + ": no customer's address, name or order: " + entries);
            assertFalse(entries.contains("@"), endpoint.getKey() + ": no e-mail address: " + entries);
            assertFalse(entries.contains(PLATFORM_SECRET), endpoint.getKey() + ": no secret: " + entries);
        }
    }

    static RequestSpecification owner(Context c) {
        return given().cookie(OwnerSessions.COOKIE, c.session()).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }
}
