package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.ReviewLinkRevoked;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.invitations.optout.service.OptOutLink;
import dev.shopreviews.common.time.Times;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sending: a real SMTP server (the test GreenMail) receives the e-mail; its links carry an opaque reference that is
 * stored hashed and announced to embed-service; the opt-out link confirms before it acts (issue 21).
 */
@QuarkusTest
class InvitationMailTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REVIEW_LINK = Pattern.compile("http://127\\.0\\.0\\.1:8080/embed/review\\?ref=([A-Za-z0-9_-]{43})");

    @Inject
    SignedTokens tokens;

    @Test
    void aDueInvitationIsEmailedWithAShortOpaqueReviewLinkAnnouncedToTheReviewFormAndMarkedSent() throws Exception {
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
        Matcher matcher = REVIEW_LINK.matcher(reviewUrl);
        assertTrue(matcher.matches(), reviewUrl);
        String ref = matcher.group(1);
        long invitationId = Db.count("select id from invitation where email = ?", email);
        assertEquals(1, Db.count("select count(*) from review_link where ref_hash = ? and invitation_id = ? and "
                + "expires_at between now() + interval '89 days' and now() + interval '90 days'",
                LinkReferences.hash(ref), invitationId), "stored hashed, valid 90 days");
        assertEquals(0, Db.count("select count(*) from review_link where ref_hash = ?", ref), "never stored in clear");

        List<ConsumerRecord<String, String>> issued = KafkaTestClient.await(Topics.REVIEW_LINKS.name(),
                record -> String.valueOf(invitationId).equals(record.key()), 1, Duration.ofSeconds(30));
        assertEquals(1, issued.size(), "announced on review-links");
        JsonNode event = JSON.readTree(issued.get(0).value());
        assertEquals(ReviewLinkIssued.TYPE, event.path("type").asText());
        assertEquals(LinkReferences.hash(ref), event.path("ref_hash").asText());
        assertEquals(order, event.at("/link/order_number").asText());
        assertEquals(email, event.at("/link/email").asText());
        assertEquals("Tischlampe", event.at("/link/products/0/name").asText());
        assertFalse(issued.get(0).value().contains(ref), "the reference itself is only in the e-mail");

        await().atMost(Duration.ofSeconds(10)).until(() -> !Boolean.FALSE.equals(datetimes(shop, email).get("sent")));
        Map<String, Object> datetimes = datetimes(shop, email);
        Instant sent = Times.parseDatetime((String) datetimes.get("sent")).orElseThrow();
        Instant created = Times.parseDatetime((String) datetimes.get("created")).orElseThrow();
        assertTrue(!sent.isBefore(created), "sent after created");
        assertEquals(1, Mailbox.messages(email).size(), "sent once");
    }

    @Test
    void aTwelveProductOrderStillGetsALinkOfAtMost200Characters() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        StringBuilder products = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            products.append(i == 0 ? "" : ",").append("""
                    {"id":"PRD-%d-2024","name":"Organic cotton bed linen set, 240x220 cm, colour sand (%d)",
                     "url":"https://www.example-webshop.com/bedroom/linen/organic-cotton-set-%d",
                     "image_url":"https://cdn.example-webshop.com/images/products/large/organic-cotton-set-%d.jpg",
                     "sku":"SKU-LIN-%05d","gtin":"87123456%05d"}""".formatted(i, i, i, i, i, i));
        }
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order(),
                "order_data", "{\"products\":[" + products + "]}"));
        String reviewUrl = Mailbox.awaitOne(email).link("/embed/review").orElseThrow();
        assertTrue(REVIEW_LINK.matcher(reviewUrl).matches(), reviewUrl);
        assertTrue(reviewUrl.length() <= 200, reviewUrl.length() + " characters");
    }

    @Test
    void openingTheOptOutLinkOnlyAsksAndItsButtonOptsOutForGood() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", "first"));
        String optOut = Mailbox.awaitOne(email).link("/invitations/optout").orElseThrow();
        URI uri = URI.create(optOut);
        assertEquals("/invitations/optout", uri.getPath());
        String ref = uri.getQuery().substring("ref=".length());

        given().queryParam("ref", ref).get("/invitations/optout")
                .then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Unsubscribe from " + shop.name() + "?"))
                .body(containsString("name=\"ref\" value=\"" + ref + "\""))
                .body(not(containsString("You are unsubscribed")));
        String policy = given().queryParam("ref", ref).get("/invitations/optout").header("Content-Security-Policy");
        assertTrue(policy.contains("frame-ancestors 'none'") && policy.contains("form-action 'self'")
                && !policy.contains("unsafe-inline"), policy);
        assertEquals(0, optedOut(shop, email), "opening the link (as mail scanners do) changes nothing");

        given().contentType("application/x-www-form-urlencoded").formParam("ref", ref).post("/invitations/optout")
                .then().statusCode(200).body(containsString("You are unsubscribed")).body(containsString(email));
        assertEquals(1, optedOut(shop, email));

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
    void theMailOffersAOneClickUnsubscribeThatAMailClientCanPost() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));
        Mailbox.Mail mail = Mailbox.awaitOne(email);
        String header = mail.header("List-Unsubscribe").orElseThrow(() -> new AssertionError(mail.text()));
        assertTrue(header.matches("<http://127\\.0\\.0\\.1:8080/invitations/optout\\?ref=[A-Za-z0-9_-]{43}>"), header);
        assertEquals("List-Unsubscribe=One-Click", mail.header("List-Unsubscribe-Post").orElseThrow());

        URI uri = URI.create(header.substring(1, header.length() - 1));
        given().contentType("application/x-www-form-urlencoded").formParam("List-Unsubscribe", "One-Click")
                .queryParam("ref", uri.getQuery().substring("ref=".length()))
                .post(uri.getPath()).then().statusCode(200);
        assertEquals(1, optedOut(shop, email));
    }

    @Test
    void anUnknownForgedOrMissingOptOutLinkIsRefusedWithAPageAndChangesNothing() {
        String unknown = LinkReferences.newReference();
        given().queryParam("ref", unknown).get("/invitations/optout")
                .then().statusCode(400).body(containsString("This link is not valid."));
        given().contentType("application/x-www-form-urlencoded").formParam("ref", unknown).post("/invitations/optout")
                .then().statusCode(400).body(containsString("This link is not valid."));
        given().queryParam("ref", "not a reference").get("/invitations/optout").then().statusCode(400);
        given().queryParam("token", "eyJhIjoxfQ.bm90LWEtc2lnbmF0dXJl").get("/invitations/optout")
                .then().statusCode(400).body(containsString("This link is not valid."));
        given().get("/invitations/optout").then().statusCode(400);
        given().contentType("application/x-www-form-urlencoded").formParam("x", "y").post("/invitations/optout")
                .then().statusCode(400);
    }

    @Test
    void aSignedOptOutLinkOfAnOlderMailStillWorksThroughTheConfirmation() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        String token = tokens.sign(OptOutLink.of(shop.id(), email, "en"));
        given().queryParam("token", token).get("/invitations/optout").then().statusCode(200)
                .body(containsString("name=\"token\""));
        assertEquals(0, optedOut(shop, email));
        given().contentType("application/x-www-form-urlencoded").formParam("token", token).post("/invitations/optout")
                .then().statusCode(200).body(containsString("You are unsubscribed"));
        assertEquals(1, optedOut(shop, email));
    }

    @Test
    void theOperatorRevokesAnInvitationsLinksAndEmbedServiceIsTold() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));
        Mailbox.awaitOne(email);
        long invitationId = Db.count("select id from invitation where email = ?", email);
        String path = "/admin/invitations/" + invitationId + "/revoke-links";

        given().post(path).then().statusCode(401).body("status", equalTo("error"));
        given().header("Authorization", "Bearer test-operator-token").post("/admin/invitations/x1/revoke-links")
                .then().statusCode(400).body("status", equalTo("error"));
        given().header("Authorization", "Bearer test-operator-token").post("/admin/invitations/999999999/revoke-links")
                .then().statusCode(404).body("status", equalTo("error"));
        given().header("Authorization", "Bearer test-operator-token").post(path)
                .then().statusCode(200).body("status", equalTo("success")).body("revoked", equalTo(1));
        assertEquals(0, Db.count("select count(*) from review_link where invitation_id = ? and revoked_at is null", invitationId));
        assertEquals(1, KafkaTestClient.await(Topics.REVIEW_LINKS.name(), record -> String.valueOf(invitationId).equals(record.key())
                && record.value().contains(ReviewLinkRevoked.TYPE), 1, Duration.ofSeconds(30)).size());
    }

    private static long optedOut(Fixtures.Shop shop, String email) {
        return Db.count("select count(*) from opt_out where webshop_id = ? and email_hash = ?", shop.id(), EmailHash.of(email));
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
}
