package dev.shopreviews.partner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.partner.operator.service.Totp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The operator console's partner-service part: sign-in with password and TOTP (the bootstrap admin from
 * configuration), shops found, deactivated and reactivated with audit entries, and what a moderator may not do.
 */
@QuarkusTest
class OperatorConsoleTest {
    private static final String ROOT_TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    private static final String CSRF = OperatorSessions.CSRF_HEADER;
    private static String rootCookie;

    /** The bootstrap admin signs in once per run: a TOTP code works once. */
    private static synchronized String root() {
        if (rootCookie == null) {
            rootCookie = signIn("root", "test-operator-password", ROOT_TOTP).then().statusCode(200)
                    .extract().cookie(OperatorSessions.COOKIE);
        }
        return rootCookie;
    }

    private static Response signIn(String name, String password, String secret) {
        return signInWithCode(name, password, secret == null ? "000000" : Totp.codeAt(secret, Instant.now().getEpochSecond()));
    }

    private static Response signInWithCode(String name, String password, String code) {
        return given().header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"password\":\"" + password + "\",\"code\":\"" + code + "\"}")
                .post("/operator/api/partner/session");
    }

    @Test
    void bootstrapAdminSignsInWithPasswordAndTotpAndTheCookieIsStrict() {
        String cookie = root();
        assertNotNull(cookie);
        given().cookie(OperatorSessions.COOKIE, cookie).get("/operator/api/partner/session").then().statusCode(200)
                .body("data.name", equalTo("root")).body("data.role", equalTo("admin"));
        given().get("/operator/api/partner/session").then().statusCode(401)
                .body("message", equalTo("Sign in to the operator console."));
    }

    @Test
    void wrongPasswordOrCodeGetsOneAnswerAndRepeatedFailuresAreLimited() {
        String name = "nobody-" + UUID.randomUUID().toString().substring(0, 6);
        signIn("root", "wrong password!", ROOT_TOTP).then().statusCode(401).body("message", equalTo("Name, password or code is wrong."));
        signIn("root", "test-operator-password", null).then().statusCode(401).body("message", equalTo("Name, password or code is wrong."));
        for (int attempt = 0; attempt < 5; attempt++) {
            signIn(name, "whatever-password", ROOT_TOTP).then().statusCode(401);
        }
        signIn(name, "whatever-password", ROOT_TOTP).then().statusCode(429)
                .body("message", equalTo("Too many failed sign-ins. Try again later."));
        // the console's header is required, so a form on another site cannot sign anyone in
        given().contentType(ContentType.JSON).body("{\"name\":\"root\"}").post("/operator/api/partner/session")
                .then().statusCode(403);
        given().header(CSRF, "1").contentType(ContentType.JSON).body("{\"name\":").post("/operator/api/partner/session")
                .then().statusCode(400);
        given().header(CSRF, "1").contentType(ContentType.JSON).body("{\"name\":\"a\\u0000b\",\"password\":\"x\",\"code\":\"1\"}")
                .post("/operator/api/partner/session").then().statusCode(401);
    }

    @Test
    void adminFindsDeactivatesAndReactivatesAShopAndTheAuditLogShowsIt() {
        Fixtures.Shop shop = Fixtures.webshop();
        String cookie = root();
        given().cookie(OperatorSessions.COOKIE, cookie).queryParam("q", shop.domain())
                .get("/operator/api/partner/webshops").then().statusCode(200)
                .body("webshops.webshop_id", hasItem((int) shop.id()));
        given().cookie(OperatorSessions.COOKIE, cookie).queryParam("q", String.valueOf(shop.id()))
                .get("/operator/api/partner/webshops").then().statusCode(200).body("webshops[0].name", equalTo("Fixture Shop"));

        given().cookie(OperatorSessions.COOKIE, cookie).post("/operator/api/partner/webshops/" + shop.id() + "/deactivate")
                .then().statusCode(403).body("message", equalTo("This request must come from the operator console."));
        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/deactivate").then().statusCode(200)
                .body("data.active", equalTo(false));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json").then().statusCode(403)
                .body("message", equalTo("This webshop has been deactivated. Please contact the operator."));
        given().queryParam("id", shop.id()).queryParam("code", "wrong-code").get("/api/1.0/webshop.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));

        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/reactivate").then().statusCode(200)
                .body("data.active", equalTo(true));
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json").then().statusCode(200);

        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"languages\":[\"en\",\"de\"]}").put("/operator/api/partner/webshops/" + shop.id() + "/languages")
                .then().statusCode(200).body("data.languages", equalTo(java.util.List.of("en", "de")));
        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"languages\":[\"english\"]}").put("/operator/api/partner/webshops/" + shop.id() + "/languages")
                .then().statusCode(400);

        given().cookie(OperatorSessions.COOKIE, cookie).queryParam("webshop_id", shop.id())
                .get("/operator/api/partner/audit").then().statusCode(200)
                .body("entries.action", equalTo(java.util.List.of("webshop.languages", "webshop.reactivate", "webshop.deactivate",
                        "webshop.create")))
                .body("entries[2].actor", equalTo("operator:root"))
                .body("entries[2].before", containsString("\"active\":true"))
                .body("entries[2].after", containsString("\"active\":false"));
    }

    @Test
    void aModeratorCannotManageOperatorsPartnersOrShops() {
        String admin = root();
        String name = "mod-" + UUID.randomUUID().toString().substring(0, 6);
        Response created = given().cookie(OperatorSessions.COOKIE, admin).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"role\":\"moderator\",\"password\":\"moderator-password-1\"}")
                .post("/operator/api/partner/operators");
        created.then().statusCode(200).body("data.otpauth_uri", containsString("otpauth://totp/"));
        String secret = created.jsonPath().getString("data.totp_secret");

        // one code for both attempts: computed twice, a 30-s step could pass in between and give a new, valid code
        String code = Totp.codeAt(secret, Instant.now().getEpochSecond());
        Response signedIn = signInWithCode(name, "moderator-password-1", code);
        signedIn.then().statusCode(200);
        String moderator = signedIn.cookie(OperatorSessions.COOKIE);
        // the same code a second time: refused (one use per code)
        signInWithCode(name, "moderator-password-1", code).then().statusCode(401);

        given().cookie(OperatorSessions.COOKIE, moderator).get("/operator/api/partner/operators").then().statusCode(403);
        given().cookie(OperatorSessions.COOKIE, moderator).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"evil\",\"role\":\"admin\",\"password\":\"long-enough-password\"}")
                .post("/operator/api/partner/operators").then().statusCode(403)
                .body("message", equalTo("Your operator role does not permit this."));
        given().cookie(OperatorSessions.COOKIE, moderator).get("/operator/api/partner/partner-tokens").then().statusCode(403);
        given().cookie(OperatorSessions.COOKIE, moderator).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"partner\":\"evil\"}").post("/operator/api/partner/partner-tokens").then().statusCode(403);
        Fixtures.Shop shop = Fixtures.webshop();
        given().cookie(OperatorSessions.COOKIE, moderator).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/deactivate").then().statusCode(403);
        // reading shops is allowed
        given().cookie(OperatorSessions.COOKIE, moderator).get("/operator/api/partner/webshops").then().statusCode(200);
    }

    @Test
    void theAuditLogIsAppendOnlyEvenForASuperuser() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().cookie(OperatorSessions.COOKIE, root()).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/approve").then().statusCode(200);
        long entries = Db.count("select count(*) from audit_entry where subject = ?", "webshop:" + shop.id());
        assertEquals(2, entries, "the creation (machine token) and the approval");
        assertThrows(RuntimeException.class, () -> Db.update("update audit_entry set actor = 'someone else' where subject = ?",
                "webshop:" + shop.id()));
        assertThrows(RuntimeException.class, () -> Db.update("delete from audit_entry where subject = ?", "webshop:" + shop.id()));
        assertEquals(1, Db.count("select count(*) from audit_entry where subject = ? and actor = 'operator:root'", "webshop:" + shop.id()));
    }

    @Test
    void aForgedOrExpiredSessionIsRefused() throws Exception {
        String forged = new OperatorSessions("another-key-of-at-least-32-characters!!", new ObjectMapper())
                .open("root", OperatorRole.ADMIN, Instant.now());
        given().cookie(OperatorSessions.COOKIE, forged).get("/operator/api/partner/webshops").then().statusCode(401);
        String expired = new OperatorSessions("test-operator-session-key-0123456789abcdef", new ObjectMapper())
                .open("root", OperatorRole.ADMIN, Instant.now().minusSeconds(7200));
        given().cookie(OperatorSessions.COOKIE, expired).get("/operator/api/partner/webshops").then().statusCode(401);
    }

    @Test
    void adminIssuesAndRevokesPartnerTokensAndSeesWhichShopsEachCreated() {
        String cookie = root();
        String partner = "acme-" + UUID.randomUUID().toString().substring(0, 6);
        Response issued = given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"partner\":\"" + partner + "\"}").post("/operator/api/partner/partner-tokens");
        issued.then().statusCode(200);
        long id = issued.jsonPath().getLong("data.id");
        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"partner\":\"two\\nlines\"}").post("/operator/api/partner/partner-tokens").then().statusCode(400);
        given().cookie(OperatorSessions.COOKIE, cookie).get("/operator/api/partner/partner-tokens").then().statusCode(200)
                .body("partner_tokens.partner", hasItem(partner));
        given().cookie(OperatorSessions.COOKIE, cookie).header(CSRF, "1")
                .post("/operator/api/partner/partner-tokens/" + id + "/revoke").then().statusCode(200);
        given().cookie(OperatorSessions.COOKIE, cookie).queryParam("q", partner).get("/operator/api/partner/audit").then()
                .statusCode(200).body("entries.action", equalTo(java.util.List.of("partner-token.revoke", "partner-token.issue")));
    }

    @Test
    void aScriptTradesItsNamedApiKeyForAShortSessionUntilTheKeyIsRevoked() {
        String admin = root();
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        Response adminKey = given().cookie(OperatorSessions.COOKIE, admin).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"backup-" + suffix + "\",\"role\":\"admin\"}").post("/operator/api/partner/api-keys");
        adminKey.then().statusCode(200).body("data.key", org.hamcrest.Matchers.startsWith("srk_"));
        String moderatorKey = given().cookie(OperatorSessions.COOKIE, admin).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"triage-" + suffix + "\",\"role\":\"moderator\"}").post("/operator/api/partner/api-keys")
                .then().statusCode(200).extract().path("data.key");
        given().cookie(OperatorSessions.COOKIE, admin).get("/operator/api/partner/api-keys").then().statusCode(200)
                .body("api_keys.name", hasItem("backup-" + suffix)).body(not(containsString("srk_")));

        String adminToken = token(adminKey.jsonPath().getString("data.key"));
        Fixtures.Shop shop = Fixtures.webshop();
        given().cookie(OperatorSessions.COOKIE, adminToken).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/approve").then().statusCode(200);
        given().cookie(OperatorSessions.COOKIE, admin).queryParam("webshop_id", shop.id()).get("/operator/api/partner/audit")
                .then().body("entries[0].actor", equalTo("operator:key:backup-" + suffix));
        String moderatorToken = token(moderatorKey);
        given().cookie(OperatorSessions.COOKIE, moderatorToken).header(CSRF, "1")
                .post("/operator/api/partner/webshops/" + shop.id() + "/deactivate").then().statusCode(403);
        given().cookie(OperatorSessions.COOKIE, moderatorToken).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"sneaky\",\"role\":\"admin\"}").post("/operator/api/partner/api-keys").then().statusCode(403);

        long id = adminKey.jsonPath().getLong("data.id");
        given().cookie(OperatorSessions.COOKIE, admin).header(CSRF, "1").post("/operator/api/partner/api-keys/" + id + "/revoke")
                .then().statusCode(200);
        given().header("Authorization", "Bearer " + adminKey.jsonPath().getString("data.key"))
                .post("/operator/api/partner/api-keys/token").then().statusCode(401)
                .body("message", equalTo("Unknown or revoked API key."));
        given().header("Authorization", "Bearer srk_made-up").post("/operator/api/partner/api-keys/token").then().statusCode(401);
        given().post("/operator/api/partner/api-keys/token").then().statusCode(401);
    }

    private static String token(String key) {
        return given().header("Authorization", "Bearer " + key).post("/operator/api/partner/api-keys/token")
                .then().statusCode(200).extract().path("data.token");
    }

    @Test
    void theConsolePageIsServedWithAStrictPolicy() {
        given().get("/operator/").then().statusCode(200).contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("script-src 'self'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .body(containsString("/operator/console.js"));
        given().get("/operator/console.js").then().statusCode(200).body(not(containsString("innerHTML")));
        // Deny by default first: without a session the framework answers 401 before any path is looked at.
        assertEquals(401, given().get("/operator/api/ratings/audit").statusCode(), "no session, no answer");
        assertEquals(404, given().cookie(OperatorSessions.COOKIE, root()).get("/operator/api/ratings/audit").statusCode(),
                "another service's console API is not answered here");
    }

    @Test
    void theModerationPagesLabelImportedReviewsWithTheirSourceInBothLanguages() {
        // ratings-service's queue and review context carry import_source (ModerationImportLabelTest there).
        given().get("/operator/console.js").then().statusCode(200).body(containsString("r.import_source"))
                .body(containsString("importedFrom: 'Imported from {source}'"))
                .body(containsString("importedFrom: 'Geïmporteerd van {source}'"));
    }
}
