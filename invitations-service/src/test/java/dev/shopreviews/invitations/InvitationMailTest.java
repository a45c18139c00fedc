package dev.shopreviews.invitations;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.time.Times;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sending: a real SMTP server (the test GreenMail) receives the e-mail; its links carry signed tokens that work. */
@QuarkusTest
class InvitationMailTest {

    @Inject
    SignedTokens tokens;

    @Test
    void aDueInvitationIsEmailedWithASignedReviewLinkAndMarkedSent() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String order = Fixtures.order();
        Fixtures.add(shop, Map.of("email", email, "order", order, "language", "de", "customer_name", "Erika",
                "order_data", "{\"products\":[{\"id\":\"p1\",\"name\":\"Tischlampe\",\"sku\":\"S-1\"}]}"));

        Mailbox.Mail mail = Mailbox.awaitOne(email);
        assertEquals("Wie war Ihre Bestellung bei " + shop.name() + "?", mail.subject());
        assertTrue(mail.text().contains("Hallo Erika,"), mail.text());
        assertTrue(mail.text().contains("Tischlampe"), "the product is listed");
        assertTrue(mail.text().contains("text/html") && mail.text().contains("text/plain"), "HTML and plain text parts");

        String reviewUrl = mail.link("/embed/review").orElseThrow(() -> new AssertionError(mail.text()));
        assertTrue(reviewUrl.startsWith("http://127.0.0.1:8080/embed/review?token="), reviewUrl);
        String token = reviewUrl.substring(reviewUrl.indexOf("token=") + 6);
        ReviewLink link = tokens.verifyReviewLink(token, Instant.now()).orElseThrow();
        assertEquals(shop.id(), link.webshopId());
        assertEquals(order, link.orderNumber());
        assertEquals(email, link.email());
        assertEquals("de", link.language());
        assertEquals("p1", link.products().get(0).id());
        assertEquals("Tischlampe", link.products().get(0).name());
        long days = Duration.ofSeconds(link.expiresAt() - Instant.now().getEpochSecond()).toDays();
        assertTrue(days == 89 || days == 90, "valid 90 days, was " + days);
        assertTrue(tokens.verifyReviewLink(token, Instant.now().plus(Duration.ofDays(91))).isEmpty(), "expires");
        assertTrue(tokens.verifyReviewLink(forge(token), Instant.now()).isEmpty(), "a forged token is refused");

        await().atMost(Duration.ofSeconds(10)).until(() -> !Boolean.FALSE.equals(datetimes(shop, email).get("sent")));
        Map<String, Object> datetimes = datetimes(shop, email);
        Instant sent = Times.parseDatetime((String) datetimes.get("sent")).orElseThrow();
        Instant created = Times.parseDatetime((String) datetimes.get("created")).orElseThrow();
        assertTrue(!sent.isBefore(created), "sent after created");
        assertEquals(1, Mailbox.messages(email).size(), "sent once");
    }

    @Test
    void theOptOutLinkShowsAConfirmationAndTheShopNeverEmailsThatAddressAgain() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", "first"));
        String optOut = Mailbox.awaitOne(email).link("/invitations/optout").orElseThrow();
        URI uri = URI.create(optOut);
        assertEquals("/invitations/optout", uri.getPath());

        given().queryParam("token", optOut.substring(optOut.indexOf("token=") + 6)).get("/invitations/optout")
                .then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("You are unsubscribed"))
                .body(containsString(email));

        // Added after the opt-out: answered as usual, never e-mailed. The later control invitation is claimed
        // after it (claims go by due time), so once the control mail arrived the opted-out one was decided.
        assertEquals("Invitation successfully added to queue!", Fixtures.add(shop, Map.of("email", email.toUpperCase(), "order", "second")));
        String control = Fixtures.email();
        Fixtures.add(shop, Map.of("email", control, "order", "control"));
        Mailbox.awaitOne(control);
        assertEquals(1, Mailbox.messages(email).size(), "no second e-mail to the opted-out address");
        JsonPath second = shop.auth().get("/api/1.0/invitations.json").then().extract().jsonPath();
        assertEquals("second", second.getString("invitations[1].order"));
        assertEquals(false, second.get("invitations[1].datetimes.sent"));
    }

    @Test
    void aForgedOptOutLinkIsRefusedWithAPage() {
        given().queryParam("token", "eyJhIjoxfQ.bm90LWEtc2lnbmF0dXJl").get("/invitations/optout")
                .then().statusCode(400).body(containsString("This link is not valid."));
        given().get("/invitations/optout").then().statusCode(400);
    }

    @Test
    void anUnsupportedLanguageFallsBackToTheShopsMainLanguage() {
        Fixtures.Shop shop = Fixtures.webshop("nl", "nl");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "language", "pt"));
        Mailbox.Mail mail = Mailbox.awaitOne(email);
        assertEquals("Hoe was je bestelling bij " + shop.name() + "?", mail.subject());
        assertTrue(mail.text().contains("Hallo,"), "no name: the anonymous greeting");
    }

    @Test
    void withoutALanguageTheShopsMainLanguageIsUsedAndAnUnsupportedOneFallsBackToEnglish() {
        Fixtures.Shop french = Fixtures.webshop("fr", "fr");
        String email = Fixtures.email();
        Fixtures.add(french, Map.of("email", email));
        assertEquals("Comment s'est passée votre commande chez " + french.name() + " ?", Mailbox.awaitOne(email).subject());

        Fixtures.Shop portuguese = Fixtures.webshop("pt", "pt");
        String other = Fixtures.email();
        Fixtures.add(portuguese, Map.of("email", other));
        assertEquals("How was your order at " + portuguese.name() + "?", Mailbox.awaitOne(other).subject());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> datetimes(Fixtures.Shop shop, String email) {
        List<Map<String, Object>> items = shop.auth().queryParam("order", 100).get("/api/1.0/invitations.json")
                .then().statusCode(200).extract().jsonPath().getList("invitations");
        return (Map<String, Object>) items.stream().filter(item -> email.equals(item.get("email"))).findFirst()
                .orElseThrow().get("datetimes");
    }

    private static String forge(String token) {
        String payload = token.substring(0, token.indexOf('.'));
        String tampered = payload.substring(0, payload.length() - 2) + (payload.endsWith("A") ? "BB" : "AA");
        assertNotEquals(payload, tampered);
        return tampered + token.substring(token.indexOf('.'));
    }
}
