package dev.shopreviews.invitations.privacy;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.common.testing.Mailbox;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The privacy page's sign-in (docs/privacy.md): a link is mailed to any well-formed address without telling whether
 * it is known, works once and only through the page's button, and opens a cookie the other services accept; the
 * requests are limited per address and per client.
 */
@QuarkusTest
class PrivacyLinkTest {

    @Inject
    PrivacySessions sessions;

    @Inject
    SignedTokens linkTokens;

    @Test
    void anEmailedLinkIsUsedOnceThroughThePageButtonAndOpensASessionCookie() {
        String email = Fixtures.email();
        askLink(email, "198.51.100.1").then().statusCode(200).body(containsString(email));
        String link = Mailbox.awaitOne(email).link("/privacy/session").orElseThrow();
        String token = URLDecoder.decode(link.substring(link.indexOf("token=") + 6), StandardCharsets.US_ASCII);

        // Opening the link (a mail scanner does) changes nothing: twice the same page with the button.
        for (int i = 0; i < 2; i++) {
            given().queryParam("token", token).get("/privacy/session").then().statusCode(200)
                    .body(containsString("action=\"/privacy/session\""));
        }
        Response used = given().redirects().follow(false).formParam("token", token).formParam("lang", "nl")
                .post("/privacy/session");
        assertEquals(303, used.statusCode());
        String setCookie = used.getHeader("Set-Cookie");
        assertTrue(setCookie.startsWith(PrivacySessions.COOKIE + "="), setCookie);
        for (String attribute : List.of("Path=/privacy/", "HttpOnly", "Secure", "SameSite=Strict")) {
            assertTrue(setCookie.contains(attribute), attribute + " in " + setCookie);
        }
        String cookie = used.getCookie(PrivacySessions.COOKIE);
        assertEquals(email, sessions.verify(cookie, Instant.now()).orElseThrow().email());

        given().cookie(PrivacySessions.COOKIE, cookie).get("/privacy/?lang=nl").then().statusCode(200)
                .header("Content-Security-Policy", containsString("connect-src 'self'"))
                .body(containsString("Ingelogd als " + email));
        given().redirects().follow(false).formParam("token", token).post("/privacy/session")
                .then().statusCode(400).body(containsString("no longer works"));
    }

    @Test
    void aForgedDamagedOrOtherKindOfTokenOpensNothing() {
        ReviewLink reviewLink = new ReviewLink(1, 1, "o", Fixtures.email(), "n", "en", List.of(),
                Instant.now().plusSeconds(600).getEpochSecond());
        for (String token : List.of("x.y", "", linkTokens.sign(reviewLink))) {
            given().queryParam("token", token).get("/privacy/session").then().statusCode(400);
            given().redirects().follow(false).formParam("token", token).post("/privacy/session").then().statusCode(400)
                    .header("Set-Cookie", org.hamcrest.Matchers.nullValue());
        }
        given().get("/privacy/").then().statusCode(200).body(containsString("name=\"email\""));
        given().cookie(PrivacySessions.COOKIE, "forged.cookie").get("/privacy/").then().statusCode(200)
                .body(containsString("name=\"email\""));
    }

    @Test
    void theAnswerNeverTellsWhetherAnAddressIsKnown() {
        Fixtures.Shop shop = Fixtures.webshop();
        String known = Fixtures.email();
        Fixtures.add(shop, java.util.Map.of("email", known, "order", Fixtures.order()));
        String unknown = Fixtures.email();
        String knownPage = askLink(known, "198.51.100.2").then().statusCode(200).extract().asString();
        String unknownPage = askLink(unknown, "198.51.100.3").then().statusCode(200).extract().asString();
        assertEquals(knownPage.replace(known, "X"), unknownPage.replace(unknown, "X"));
        assertTrue(Mailbox.awaitOne(unknown).link("/privacy/session").isPresent(), "the unknown address gets a link too");
    }

    @Test
    void requestsAreLimitedPerAddressAndPerClientAndABadAddressSendsNothing() {
        String email = Fixtures.email();
        for (int i = 0; i < 3; i++) {
            askLink(email, "198.51.100." + (10 + i)).then().statusCode(200);
        }
        askLink(email, "198.51.100.20").then().statusCode(429);

        String client = "203.0.113.77";
        for (int i = 0; i < 10; i++) {
            askLink(Fixtures.email(), client).then().statusCode(200);
        }
        askLink(Fixtures.email(), client).then().statusCode(429);

        String bad = "not-an-address";
        askLink(bad, "198.51.100.30").then().statusCode(400).body(containsString("aria-invalid=\"true\""));
        askLink("<script>@x", "198.51.100.31").then().statusCode(400).body(org.hamcrest.Matchers.not(containsString("<script>@x")));
        for (String hostile : List.of("nul\u0000x@example.nl", "bell\u0007@example.nl", "a".repeat(300) + "@example.nl",
                "x@example.nl\r\nBcc: victim@example.nl")) {
            askLink(hostile, "198.51.100.32").then().statusCode(400);
        }
        assertTrue(Mailbox.messages("victim@example.nl").isEmpty(), "no header injection");
    }

    @Test
    void aFormPostedFromAnotherSiteIsRefused() {
        given().header("Origin", "https://evil.example").formParam("email", Fixtures.email())
                .post("/privacy/link").then().statusCode(403);
        given().header("Origin", "https://evil.example").post("/privacy/sign-out").then().statusCode(403);
        assertFalse(given().redirects().follow(false).post("/privacy/sign-out").getHeader("Set-Cookie").isEmpty());
    }

    private static Response askLink(String email, String client) {
        return given().header("X-Forwarded-For", client).formParam("email", email).formParam("lang", "en")
                .post("/privacy/link");
    }
}
