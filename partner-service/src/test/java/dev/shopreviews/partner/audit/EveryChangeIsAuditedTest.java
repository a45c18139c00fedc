package dev.shopreviews.partner.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.StateChangingEndpoints;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.partner.Fixtures;
import dev.shopreviews.partner.operator.service.Totp;
import dev.shopreviews.partner.owner.DashboardAccountTest;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every state-changing endpoint of partner-service (POST, PUT, PATCH, DELETE on its JAX-RS resources, found by
 * reflection) writes an audit entry in the transaction of its change: who (the machine token, an operator, an API
 * key, a partner, an owner), what, on which subject, and never an address, password, code or token; the few that do
 * not are listed with the reason. A new endpoint fails here until it is audited or listed.
 */
@QuarkusTest
class EveryChangeIsAuditedTest {
    static final String OPERATOR_KEY = "test-operator-session-key-0123456789abcdef";
    static final String ADMIN = "audit-admin";
    static final String MACHINE = "token:operator-token";

    /** Endpoints that change state but write no audit entry, and why. */
    static final Map<String, String> NOT_AUDITED = Map.of(
            "DashboardSessionResource#requestReset", "anyone may ask, no account acts: the request waits in "
                    + "owner_reset_request for the mailer (the same for unknown addresses), and the link's use is "
                    + "audited as owner.password.reset");

    /** What one call changed: the entry it must have written, and what the entry must not hold. */
    record Done(String actor, String subject, List<String> secrets) {
        Done(String actor, String subject, String... secrets) {
            this(actor, subject, List.of(secrets));
        }
    }

    record Scenario(String action, Supplier<Done> call) {
    }

    static final Map<String, Scenario> AUDITED = new TreeMap<>();

    static {
        // The operator's machine token on /admin/
        AUDITED.put("AdminResource#create", new Scenario("webshop.create", () -> {
            Fixtures.Shop shop = Fixtures.webshop();
            return new Done(MACHINE, "webshop:" + shop.id(), shop.code(), shop.publicCode());
        }));
        AUDITED.put("AdminResource#update", new Scenario("webshop.update", () -> {
            long id = Fixtures.webshop().id();
            admin().body("{\"name\":\"Renamed Shop\"}").put("/admin/webshops/" + id).then().statusCode(200);
            return new Done(MACHINE, "webshop:" + id);
        }));
        AUDITED.put("AdminResource#approve", adminShopChange("webshop.approve", "post", "/approve"));
        AUDITED.put("AdminResource#grantReplyAccess", adminShopChange("webshop.reply-access.grant", "post", "/reply-access"));
        AUDITED.put("AdminResource#revokeReplyAccess", adminShopChange("webshop.reply-access.revoke", "delete", "/reply-access"));
        AUDITED.put("AdminResource#rotateCode", new Scenario("webshop.rotate-code", () -> {
            Fixtures.Shop shop = Fixtures.webshop();
            String code = admin().post("/admin/webshops/" + shop.id() + "/rotate-code").then().statusCode(200)
                    .extract().path("code");
            return new Done(MACHINE, "webshop:" + shop.id(), shop.code(), code);
        }));
        AUDITED.put("AdminResource#inviteOwner", new Scenario("owner.invite", () -> {
            long id = Fixtures.webshop().id();
            String email = DashboardAccountTest.newAddress("audit-invite");
            DashboardAccountTest.invite(id, email);
            return new Done(MACHINE, "webshop:" + id, email);
        }));
        AUDITED.put("AdminResource#issueToken", new Scenario("partner-token.issue", () -> {
            String partner = partnerName();
            JsonPath issued = admin().body(Map.of("partner", partner)).post("/admin/partner-tokens").then().statusCode(200)
                    .extract().jsonPath();
            return new Done(MACHINE, "partner-token:" + issued.getLong("id") + " " + partner, issued.getString("token"));
        }));
        AUDITED.put("AdminResource#revokeToken", new Scenario("partner-token.revoke", () -> {
            String partner = partnerName();
            JsonPath issued = admin().body(Map.of("partner", partner)).post("/admin/partner-tokens").then().statusCode(200)
                    .extract().jsonPath();
            admin().delete("/admin/partner-tokens/" + issued.getLong("id")).then().statusCode(204);
            return new Done(MACHINE, "partner-token:" + issued.getLong("id") + " " + partner, issued.getString("token"));
        }));

        // Operators in the console
        AUDITED.put("OperatorAccountsResource#create", new Scenario("operator.create", () -> {
            NewOperator created = newOperator();
            return new Done("operator:" + ADMIN, "operator:" + created.name(), created.password(), created.secret());
        }));
        AUDITED.put("OperatorAccountsResource#deactivate", new Scenario("operator.deactivate", () -> {
            NewOperator created = newOperator();
            console(admin(ADMIN)).post("/operator/api/partner/operators/" + created.name() + "/deactivate").then().statusCode(200);
            return new Done("operator:" + ADMIN, "operator:" + created.name(), created.password(), created.secret());
        }));
        AUDITED.put("OperatorApiKeysResource#create", new Scenario("api-key.create", () -> {
            NewKey key = newKey();
            return new Done("operator:" + ADMIN, "api-key:" + key.name(), key.key());
        }));
        AUDITED.put("OperatorApiKeysResource#revoke", new Scenario("api-key.revoke", () -> {
            NewKey key = newKey();
            console(admin(ADMIN)).post("/operator/api/partner/api-keys/" + key.id() + "/revoke").then().statusCode(200);
            return new Done("operator:" + ADMIN, "api-key:" + key.name(), key.key());
        }));
        AUDITED.put("OperatorApiKeysResource#token", new Scenario("api-key.token", () -> {
            NewKey key = newKey();
            String token = given().header("Authorization", "Bearer " + key.key()).post("/operator/api/partner/api-keys/token")
                    .then().statusCode(200).extract().path("data.token");
            return new Done("operator:key:" + key.name(), "api-key:" + key.name(), key.key(), token);
        }));
        AUDITED.put("OperatorSessionResource#signIn", new Scenario("operator.sign-in", () -> {
            NewOperator created = newOperator();
            given().header(OperatorSessions.CSRF_HEADER, "1").contentType(ContentType.JSON)
                    .body(Map.of("name", created.name(), "password", created.password(),
                            "code", Totp.codeAt(created.secret(), Instant.now().getEpochSecond())))
                    .post("/operator/api/partner/session").then().statusCode(200);
            return new Done("operator:" + created.name(), "operator:" + created.name(), created.password(), created.secret());
        }));
        AUDITED.put("OperatorSessionResource#signOut", new Scenario("operator.sign-out", () -> {
            String name = "audit-out-" + UUID.randomUUID().toString().substring(0, 8);
            console(admin(name)).delete("/operator/api/partner/session").then().statusCode(200);
            return new Done("operator:" + name, "operator:" + name);
        }));
        AUDITED.put("OperatorWebshopsResource#approve", consoleShopChange("webshop.approve", "post", "/approve", null));
        AUDITED.put("OperatorWebshopsResource#deactivate", consoleShopChange("webshop.deactivate", "post", "/deactivate", null));
        AUDITED.put("OperatorWebshopsResource#reactivate", consoleShopChange("webshop.reactivate", "post", "/reactivate", null));
        AUDITED.put("OperatorWebshopsResource#grantReplies", consoleShopChange("webshop.reply-access.grant", "post", "/reply-access", null));
        AUDITED.put("OperatorWebshopsResource#revokeReplies", consoleShopChange("webshop.reply-access.revoke", "post", "/reply-access/revoke", null));
        AUDITED.put("OperatorWebshopsResource#languages", consoleShopChange("webshop.languages", "put", "/languages",
                "{\"languages\":[\"nl\",\"de\"]}"));
        AUDITED.put("OperatorOwnersResource#invite", new Scenario("owner.invite", () -> {
            long id = Fixtures.webshop().id();
            String email = DashboardAccountTest.newAddress("audit-console-invite");
            console(admin(ADMIN)).body(Map.of("webshop_id", String.valueOf(id), "email", email))
                    .post("/operator/api/partner/owners").then().statusCode(200);
            return new Done("operator:" + ADMIN, "webshop:" + id, email);
        }));
        AUDITED.put("OperatorPartnersResource#issue", new Scenario("partner-token.issue", () -> {
            String partner = partnerName();
            JsonPath issued = console(admin(ADMIN)).body(Map.of("partner", partner)).post("/operator/api/partner/partner-tokens")
                    .then().statusCode(200).extract().jsonPath();
            return new Done("operator:" + ADMIN, "partner-token:" + issued.getLong("data.id") + " " + partner,
                    issued.getString("data.token"));
        }));
        AUDITED.put("OperatorPartnersResource#revoke", new Scenario("partner-token.revoke", () -> {
            String partner = partnerName();
            JsonPath issued = console(admin(ADMIN)).body(Map.of("partner", partner)).post("/operator/api/partner/partner-tokens")
                    .then().statusCode(200).extract().jsonPath();
            console(admin(ADMIN)).post("/operator/api/partner/partner-tokens/" + issued.getLong("data.id") + "/revoke")
                    .then().statusCode(200);
            return new Done("operator:" + ADMIN, "partner-token:" + issued.getLong("data.id") + " " + partner,
                    issued.getString("data.token"));
        }));

        // A partner with its token
        AUDITED.put("PartnerApiResource#create", new Scenario("webshop.create", () -> {
            String partner = partnerName();
            String token = Fixtures.partnerToken(partner);
            String external = UUID.randomUUID().toString();
            JsonPath created = given().queryParam("token", token).contentType(ContentType.JSON)
                    .body("{\"id\":\"%s\",\"source\":\"%s\",\"shop_url\":\"https://%s.example\",\"name\":\"Partner Shop\"}"
                            .formatted(external, partner, external))
                    .post("/partner_api/create").then().statusCode(200).extract().jsonPath();
            return new Done("partner:" + partner, "webshop:" + created.getLong("data.webshop_id"), token,
                    created.getString("data.code"));
        }));

        // Owners on the dashboard
        AUDITED.put("DashboardSessionResource#signIn", new Scenario("owner.sign-in", () -> {
            Owner owner = owner();
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email(), DashboardAccountTest.PASSWORD);
        }));
        AUDITED.put("DashboardSessionResource#setPassword", new Scenario("owner.password.invite", () -> {
            Owner owner = owner();
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email(), DashboardAccountTest.PASSWORD);
        }));
        AUDITED.put("DashboardSessionResource#signOut", new Scenario("owner.sign-out", () -> {
            Owner owner = owner();
            dashboard(owner.cookie()).delete("/dashboard/api/partner/account/session").then().statusCode(200);
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email());
        }));
        AUDITED.put("DashboardSessionResource#startTotp", new Scenario("owner.totp.start", () -> {
            Owner owner = owner();
            String secret = startTotp(owner.cookie());
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email(), DashboardAccountTest.PASSWORD, secret);
        }));
        AUDITED.put("DashboardSessionResource#confirmTotp", new Scenario("owner.totp.on", () -> {
            Owner owner = owner();
            String secret = startTotp(owner.cookie());
            confirmTotp(owner.cookie(), secret);
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email(), secret);
        }));
        AUDITED.put("DashboardSessionResource#turnOffTotp", new Scenario("owner.totp.off", () -> {
            Owner owner = owner();
            String secret = startTotp(owner.cookie());
            String session = confirmTotp(owner.cookie(), secret);
            // the next step's code: the confirming one cannot be used twice
            dashboard(session).body(Map.of("password", DashboardAccountTest.PASSWORD,
                            "code", Totp.codeAt(secret, Instant.now().getEpochSecond() + 30)))
                    .post("/dashboard/api/partner/account/totp/off").then().statusCode(200);
            return new Done("owner:" + owner.id(), "owner:" + owner.id(), owner.email(), DashboardAccountTest.PASSWORD, secret);
        }));
        AUDITED.put("DashboardWebshopsResource#rotate", new Scenario("webshop.rotate-code", () -> {
            Owner owner = owner();
            String code = dashboard(owner.cookie()).body("{\"confirm\":\"rotate\"}")
                    .post("/dashboard/api/partner/webshops/" + owner.shop().id() + "/code").then().statusCode(200)
                    .extract().path("data.code");
            return new Done("owner:" + owner.id(), "webshop:" + owner.shop().id(), owner.email(), owner.shop().code(), code);
        }));
        AUDITED.put("DashboardWebshopsResource#languages", new Scenario("webshop.languages", () -> {
            Owner owner = owner();
            dashboard(owner.cookie()).body("{\"languages\":[\"de\",\"nl\"]}")
                    .put("/dashboard/api/partner/webshops/" + owner.shop().id() + "/languages").then().statusCode(200);
            return new Done("owner:" + owner.id(), "webshop:" + owner.shop().id(), owner.email());
        }));
        AUDITED.put("DashboardSessionsResource#end", new Scenario("owner.session.end", () -> {
            Owner owner = owner();
            String other = DashboardAccountTest.signIn(owner.email(), DashboardAccountTest.PASSWORD, null).then()
                    .statusCode(200).extract().cookie(OwnerSessions.COOKIE);
            String id = given().cookie(OwnerSessions.COOKIE, other).get("/dashboard/api/partner/account/sessions")
                    .then().statusCode(200).extract().path("data.find { it.current }.id");
            dashboard(owner.cookie()).post("/dashboard/api/partner/account/sessions/" + id + "/end").then().statusCode(200);
            return new Done("owner:" + owner.id(), "owner-session:" + id, owner.email(), other);
        }));
    }

    @Test
    void everyStateChangingEndpointIsAuditedOrListedWithItsReason() throws Exception {
        TreeSet<String> found = stateChangingEndpoints();
        TreeSet<String> unaccounted = new TreeSet<>(found);
        unaccounted.removeAll(AUDITED.keySet());
        unaccounted.removeAll(NOT_AUDITED.keySet());
        assertEquals(new TreeSet<>(), unaccounted, "state-changing endpoints neither audited nor listed");
        TreeSet<String> stale = new TreeSet<>(AUDITED.keySet());
        stale.addAll(NOT_AUDITED.keySet());
        stale.removeAll(found);
        assertEquals(new TreeSet<>(), stale, "listed endpoints that no longer exist");

        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, Scenario> endpoint : AUDITED.entrySet()) {
            Scenario scenario = endpoint.getValue();
            Done done = scenario.call().get();
            long entries = entries(scenario.action(), done);
            if (entries != 1) {
                problems.add(endpoint.getKey() + ": " + entries + " entries " + scenario.action() + " by " + done.actor()
                        + " on " + done.subject() + " (expected 1)");
            }
            String written = Db.text("select string_agg(concat_ws(' ', actor, subject, \"before\", \"after\"), ' ') "
                    + "from audit_entry where subject = ?", done.subject());
            for (String secret : done.secrets()) {
                if (written != null && secret != null && written.contains(secret)) {
                    problems.add(endpoint.getKey() + ": the entry holds '" + secret + "': " + written);
                }
            }
            if (written != null && written.contains("@")) {
                problems.add(endpoint.getKey() + ": the entry holds an address: " + written);
            }
        }
        assertEquals(List.of(), problems);
    }

    /** The entries of the change; an invitation's is written within a second of its answer (OwnerInvitationMailer). */
    static long entries(String action, Done done) {
        String query = "select count(*) from audit_entry where action = ? and actor = ? and subject = ?";
        try {
            Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .until(() -> Db.count(query, action, done.actor(), done.subject()) > 0);
        } catch (ConditionTimeoutException none) {
            // the caller's assertion names the missing entry
        }
        return Db.count(query, action, done.actor(), done.subject());
    }

    /** "Resource#method" of every POST, PUT, PATCH and DELETE of the classes with @Path in this service's package. */
    static TreeSet<String> stateChangingEndpoints() throws IOException {
        TreeSet<String> endpoints = StateChangingEndpoints.of("dev/shopreviews/partner");
        assertTrue(endpoints.size() > 30, "endpoints found: " + endpoints);
        return endpoints;
    }

    // --- fixtures ----------------------------------------------------------------------------------------------

    record NewOperator(String name, String password, String secret) {
    }

    record NewKey(long id, String name, String key) {
    }

    record Owner(long id, String email, String cookie, Fixtures.Shop shop) {
    }

    static Scenario adminShopChange(String action, String method, String suffix) {
        return new Scenario(action, () -> {
            long id = Fixtures.webshop().id();
            admin().request(method, "/admin/webshops/" + id + suffix).then().statusCode(200);
            return new Done(MACHINE, "webshop:" + id);
        });
    }

    static Scenario consoleShopChange(String action, String method, String suffix, String body) {
        return new Scenario(action, () -> {
            long id = Fixtures.webshop().id();
            RequestSpecification request = console(admin(ADMIN));
            (body == null ? request : request.body(body)).request(method, "/operator/api/partner/webshops/" + id + suffix)
                    .then().statusCode(200);
            return new Done("operator:" + ADMIN, "webshop:" + id);
        });
    }

    static RequestSpecification admin() {
        return given().header("Authorization", Fixtures.OPERATOR).contentType(ContentType.JSON);
    }

    /** A console session of an admin; OperatorAuth checks the signed cookie only. */
    static String admin(String name) {
        return new OperatorSessions(OPERATOR_KEY, new ObjectMapper()).open(name, OperatorRole.ADMIN, Instant.now());
    }

    static RequestSpecification console(String cookie) {
        return given().cookie(OperatorSessions.COOKIE, cookie).header(OperatorSessions.CSRF_HEADER, "1")
                .contentType(ContentType.JSON);
    }

    static RequestSpecification dashboard(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie).header(OwnerSessions.CSRF_HEADER, "1").contentType(ContentType.JSON);
    }

    static String partnerName() {
        return "audit-partner-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static NewOperator newOperator() {
        String name = "audit-op-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "audit operator password " + UUID.randomUUID().toString().substring(0, 8);
        String secret = console(admin(ADMIN)).body(Map.of("name", name, "role", "moderator", "password", password))
                .post("/operator/api/partner/operators").then().statusCode(200).extract().path("data.totp_secret");
        return new NewOperator(name, password, secret);
    }

    static NewKey newKey() {
        String name = "audit-key-" + UUID.randomUUID().toString().substring(0, 8);
        JsonPath created = console(admin(ADMIN)).body(Map.of("name", name, "role", "moderator"))
                .post("/operator/api/partner/api-keys").then().statusCode(200).extract().jsonPath();
        return new NewKey(created.getLong("data.id"), name, created.getString("data.key"));
    }

    static Owner owner() {
        Fixtures.Shop shop = Fixtures.webshop();
        DashboardAccountTest.Signed signed = DashboardAccountTest.owner(shop.id());
        long id = given().cookie(OwnerSessions.COOKIE, signed.cookie()).get("/dashboard/api/partner/account/session")
                .then().statusCode(200).extract().jsonPath().getLong("data.id");
        return new Owner(id, signed.email(), signed.cookie(), shop);
    }

    static String startTotp(String cookie) {
        return dashboard(cookie).body(Map.of("password", DashboardAccountTest.PASSWORD))
                .post("/dashboard/api/partner/account/totp").then().statusCode(200).extract().path("data.secret");
    }

    /** The session the confirmation opens (the change ended the others). */
    static String confirmTotp(String cookie, String secret) {
        return dashboard(cookie).body(Map.of("code", Totp.codeAt(secret, Instant.now().getEpochSecond())))
                .post("/dashboard/api/partner/account/totp/confirm").then().statusCode(200).extract()
                .cookie(OwnerSessions.COOKIE);
    }
}
