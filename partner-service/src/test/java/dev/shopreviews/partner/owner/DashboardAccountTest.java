package dev.shopreviews.partner.owner;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.partner.Fixtures;
import dev.shopreviews.partner.operator.service.Totp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shop owners on the dashboard, partner-service's part: invited by the operator, the password set from the mailed
 * link (once), sign-in with its cookie and limits, the owner's webshop (no API code, a new one only with the typed
 * confirmation, languages), what another owner cannot reach, reset and the optional second factor.
 */
@QuarkusTest
public class DashboardAccountTest {
    public static final String CSRF = OwnerSessions.CSRF_HEADER;
    public static final String PASSWORD = "correct horse battery";
    static final Pattern LINK_TOKEN = Pattern.compile("/dashboard/#password=([0-9a-f]{32,})");

    public record Signed(String email, String cookie) {
    }

    public static String newAddress(String label) {
        return label + "-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com";
    }

    public static void invite(long webshop, String email) {
        given().header("Authorization", Fixtures.OPERATOR).contentType(ContentType.JSON)
                .body("{\"webshop_id\":\"" + webshop + "\",\"email\":\"" + email + "\"}")
                .post("/admin/owners").then().statusCode(200).body("data.webshop_id", equalTo((int) webshop));
        // The answer comes first; the account and membership follow within a second (OwnerInvitationMailer).
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).until(() -> Db.count(
                "select count(*) from owner_membership m join owner_account a on a.id = m.owner_id"
                        + " where a.email = ? and m.webshop_id = ?", email.toLowerCase(java.util.Locale.ROOT), webshop) == 1);
    }

    public static String mailedToken(String email, int nth) {
        Mailbox.Mail mail = org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                .until(() -> Mailbox.messages(email), list -> list.size() >= nth).get(nth - 1);
        Matcher token = LINK_TOKEN.matcher(mail.text());
        assertTrue(token.find(), "the mail holds a link to set the password: " + mail.text());
        return token.group(1);
    }

    public static Response setPassword(String token, String password) {
        return given().header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"token\":\"" + token + "\",\"password\":\"" + password + "\"}")
                .post("/dashboard/api/partner/account/password");
    }

    public static Response signIn(String email, String password, String code) {
        return given().header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"email\":\"" + email + "\",\"password\":\"" + password + "\",\"code\":" + (code == null ? "null" : "\"" + code + "\"") + "}")
                .post("/dashboard/api/partner/account/session");
    }

    public static Signed owner(long webshop) {
        String email = newAddress("owner");
        invite(webshop, email);
        setPassword(mailedToken(email, 1), PASSWORD).then().statusCode(200);
        return new Signed(email, signIn(email, PASSWORD, null).then().statusCode(200).extract().cookie(OwnerSessions.COOKIE));
    }

    @Test
    void anInvitedOwnerSetsAPasswordOnceSignsInAndSeesTheirWebshopWithoutItsApiCode() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = newAddress("invited");
        invite(shop.id(), email.toUpperCase());
        String token = mailedToken(email, 1);
        setPassword(token, "short").then().statusCode(400)
                .body("message", equalTo("The password must be one line of 12 to 200 characters."));
        setPassword(token, PASSWORD).then().statusCode(200);
        setPassword(token, "another good password").then().statusCode(400)
                .body("message", equalTo("This link is invalid, used or expired. Ask for a new one."));

        Response signedIn = signIn(email, PASSWORD, null);
        signedIn.then().statusCode(200);
        String setCookie = signedIn.getHeader("Set-Cookie");
        for (String attribute : new String[] {"Path=/dashboard/", "Secure", "HttpOnly", "SameSite=Lax"}) {
            assertTrue(setCookie.contains(attribute), attribute + " in " + setCookie);
        }
        String cookie = signedIn.cookie(OwnerSessions.COOKIE);
        given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/account/session").then().statusCode(200)
                .body("data.email", equalTo(email)).body("data.webshops.id", hasItem((int) shop.id()));
        String details = given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/webshops/" + shop.id())
                .then().statusCode(200).body("data.public_code", equalTo(shop.publicCode()))
                .body("data.languages", hasItem("en")).extract().asString();
        assertTrue(!details.contains(shop.code()), "the API code is never shown except after a rotation");
    }

    @Test
    void aNewApiCodeNeedsTheTypedConfirmationIsShownOnceAndTheOldOneStops() {
        Fixtures.Shop shop = Fixtures.webshop();
        Signed owner = owner(shop.id());
        String path = "/dashboard/api/partner/webshops/" + shop.id() + "/code";
        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"confirm\":\"yes\"}").post(path).then().statusCode(400).body("message", containsString("rotate"));
        given().cookie(OwnerSessions.COOKIE, owner.cookie()).contentType(ContentType.JSON)
                .body("{\"confirm\":\"rotate\"}").post(path).then().statusCode(403);
        String code = given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"confirm\":\"rotate\"}").post(path).then().statusCode(200).extract().path("data.code");
        assertTrue(code != null && !code.equals(shop.code()));
        given().queryParam("id", shop.id()).queryParam("code", code).get("/api/1.0/webshop.json").then().statusCode(200);
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json").then().statusCode(401);

        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"languages\":[\"de\",\"nl\"]}").put("/dashboard/api/partner/webshops/" + shop.id() + "/languages")
                .then().statusCode(200).body("data.languages", hasItem("de"));
        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"languages\":[\"<script>\"]}").put("/dashboard/api/partner/webshops/" + shop.id() + "/languages")
                .then().statusCode(400).body("status", equalTo("error"));
    }

    @Test
    void anotherOwnerNeitherSeesNorChangesTheWebshopAndAForgedOrMissingSessionIsRefused() {
        Fixtures.Shop mine = Fixtures.webshop();
        Fixtures.Shop theirs = Fixtures.webshop();
        owner(mine.id());
        Signed other = owner(theirs.id());
        String base = "/dashboard/api/partner/webshops/" + mine.id();
        given().cookie(OwnerSessions.COOKIE, other.cookie()).get(base).then().statusCode(404)
                .body("message", equalTo("Webshop not found.")).body(not(containsString(mine.publicCode())));
        given().cookie(OwnerSessions.COOKIE, other.cookie()).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"confirm\":\"rotate\"}").post(base + "/code").then().statusCode(404);
        given().queryParam("id", mine.id()).queryParam("code", mine.code()).get("/api/1.0/webshop.json").then().statusCode(200);
        given().cookie(OwnerSessions.COOKIE, other.cookie()).get("/dashboard/api/partner/webshops/abc").then().statusCode(404);
        given().get(base).then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        given().cookie(OwnerSessions.COOKIE, other.cookie() + "x").get(base).then().statusCode(401);
        given().cookie(OwnerSessions.COOKIE, other.cookie()).get("/dashboard/api/partner/account/session").then()
                .body("data.webshops", hasSize(1)).body("data.webshops[0].id", equalTo((int) theirs.id()));
    }

    @Test
    void signInAnswersOneMessageForEveryMistakeIsLimitedAndNeedsTheDashboardHeader() {
        Fixtures.Shop shop = Fixtures.webshop();
        Signed owner = owner(shop.id());
        signIn(owner.email(), "wrong password here", null).then().statusCode(401)
                .body("message", equalTo("E-mail address, password or code is wrong."));
        signIn("nobody-" + UUID.randomUUID() + "@example.com", PASSWORD, null).then().statusCode(401)
                .body("message", equalTo("E-mail address, password or code is wrong."));
        given().contentType(ContentType.JSON).body("{\"email\":\"" + owner.email() + "\",\"password\":\"" + PASSWORD + "\"}")
                .post("/dashboard/api/partner/account/session").then().statusCode(403);
        given().header(CSRF, "1").contentType(ContentType.JSON).body("{\"email\":").post("/dashboard/api/partner/account/session")
                .then().statusCode(400).body("status", equalTo("error"));
        String target = newAddress("target");
        for (int attempt = 0; attempt < 5; attempt++) {
            signIn(target, "guess number " + attempt, null).then().statusCode(401);
        }
        signIn(target, PASSWORD, null).then().statusCode(429).body("message", equalTo("Too many failed sign-ins. Try again later."));
    }

    @Test
    void aResetLinkIsMailedOnlyToKnownAddressesWithTheSameAnswerAndTheSecondFactorIsAskedOnceOn() {
        Fixtures.Shop shop = Fixtures.webshop();
        Signed owner = owner(shop.id());
        String unknown = newAddress("unknown");
        for (String email : new String[] {owner.email(), unknown}) {
            given().header(CSRF, "1").contentType(ContentType.JSON).body("{\"email\":\"" + email + "\"}")
                    .post("/dashboard/api/partner/account/password-reset").then().statusCode(200)
                    .body("message", equalTo("If the address has a dashboard account, a link is on its way."));
        }
        setPassword(mailedToken(owner.email(), 2), "a brand new password").then().statusCode(200);
        signIn(owner.email(), PASSWORD, null).then().statusCode(401);
        String cookie = signIn(owner.email(), "a brand new password", null).then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        assertEquals(0, Mailbox.messages(unknown).size(), "no mail to an address without an account");

        String secret = given().cookie(OwnerSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"password\":\"a brand new password\"}").post("/dashboard/api/partner/account/totp")
                .then().statusCode(200).extract().path("data.secret");
        given().cookie(OwnerSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON).body("{\"code\":\"000000\"}")
                .post("/dashboard/api/partner/account/totp/confirm").then().statusCode(400);
        String code = Totp.codeAt(secret, Instant.now().getEpochSecond());
        given().cookie(OwnerSessions.COOKIE, cookie).header(CSRF, "1").contentType(ContentType.JSON).body("{\"code\":\"" + code + "\"}")
                .post("/dashboard/api/partner/account/totp/confirm").then().statusCode(200);
        // the code just used cannot be used again; without a code the password alone no longer signs in
        signIn(owner.email(), "a brand new password", null).then().statusCode(401);
        signIn(owner.email(), "a brand new password", code).then().statusCode(401);
    }

    @Test
    void aPartnerCreatingAShopCanInviteItsOwnerAndABadAddressCreatesNothing() {
        String partner = "owner-partner-" + UUID.randomUUID().toString().substring(0, 6);
        String token = Fixtures.partnerToken(partner);
        String email = newAddress("partner-owner");
        String external = UUID.randomUUID().toString();
        String body = "{\"id\":\"%s\",\"source\":\"%s\",\"shop_url\":\"https://%s.example\",\"name\":\"Partner Shop\",\"owner_email\":\"%s\"}";
        given().queryParam("token", token).contentType(ContentType.JSON).body(body.formatted(external, partner, external, "not an address"))
                .post("/partner_api/create").then().statusCode(400).body("status", equalTo("error"));
        int webshop = given().queryParam("token", token).contentType(ContentType.JSON).body(body.formatted(external, partner, external, email))
                .post("/partner_api/create").then().statusCode(200).body("message", equalTo("Webshop profile created"))
                .extract().path("data.webshop_id");
        setPassword(mailedToken(email, 1), PASSWORD).then().statusCode(200);
        String cookie = signIn(email, PASSWORD, null).then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/webshops/" + webshop).then().statusCode(200)
                .body("data.name", equalTo("Partner Shop"));
    }

    @Test
    void aSessionPlantedBeforeSignInIsNeitherAcceptedNorKept() {
        Fixtures.Shop shop = Fixtures.webshop();
        Signed owner = owner(shop.id());
        String planted = "eyJvd25lciI6MX0.planted-by-someone-else";
        given().cookie(OwnerSessions.COOKIE, planted).get("/dashboard/api/partner/account/session").then().statusCode(401);
        Response signedIn = given().cookie(OwnerSessions.COOKIE, planted).header(CSRF, "1").contentType(ContentType.JSON)
                .body("{\"email\":\"" + owner.email() + "\",\"password\":\"" + PASSWORD + "\"}")
                .post("/dashboard/api/partner/account/session");
        signedIn.then().statusCode(200);
        String issued = signedIn.cookie(OwnerSessions.COOKIE);
        assertTrue(issued != null && !issued.equals(planted), "sign-in always issues its own session");
        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(CSRF, "1").delete("/dashboard/api/partner/account/session")
                .then().statusCode(200).header("Set-Cookie", containsString("Max-Age=0"));
    }

    @Test
    void theDashboardPageAdmitsOnlyItsOwnScriptsAndCannotBeFramed() {
        Response page = given().get("/dashboard/");
        page.then().statusCode(200).body(containsString("/dashboard/dashboard.js"));
        String policy = page.getHeader("Content-Security-Policy");
        assertTrue(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"), policy);
        given().get("/dashboard/dashboard.js").then().statusCode(200).body(containsString("X-Dashboard-Request"));
    }

    @Test
    void theReviewsPageImportsCsvFilesAndLabelsImportedReviewsInBothLanguages() {
        // The flow itself runs in e2e/dashboard.test.mjs; here: the page ships it, in English and Dutch.
        given().get("/dashboard/dashboard.js").then().statusCode(200)
                .body(containsString("'/imports?source=' + encodeURIComponent(sourceName) + '&dry_run=' + dryRun"))
                .body(containsString("importedFrom: 'Imported from {source}'"))
                .body(containsString("importedFrom: 'Geïmporteerd van {source}'"))
                .body(containsString("r.verified && !r.import_source"));
    }
}
