package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code GET /privacy/api/invitations/export}: the person's export part of this service (docs/privacy.md, Export). */
@QuarkusTest
class InvitationsExportTest {
    private static final String PATH = "/privacy/api/invitations/export";

    @Inject
    PrivacySessions sessions;

    @Test
    void withoutAValidSessionCookieTheExportIs401AndNeverCached() {
        given().get(PATH).then().statusCode(401).header("Cache-Control", "no-store")
                .body("status", equalTo("error"))
                .body("message", equalTo("Your privacy link has expired. Ask for a new one."));
        given().cookie(PrivacySessions.COOKIE, "eyJhIjoxfQ.bm90LWEtc2lnbmF0dXJl").get(PATH).then().statusCode(401);
        String expired = sessions.open(Fixtures.email(), Instant.now().minus(Duration.ofHours(1)));
        given().cookie(PrivacySessions.COOKIE, expired).get(PATH).then().statusCode(401);
    }

    @Test
    void theExportHoldsEverythingStoredAboutTheSessionsAddressAndNothingElse() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        String email = Fixtures.email();
        String stranger = Fixtures.email();
        String sent = Erasing.invitedAndSent(shop, email);
        String waiting = Fixtures.order();
        Fixtures.add(other, Map.of("email", email.toUpperCase(), "order", waiting, "delay", "30",
                "customer_name", "Erika Muster", "phone_numbers[]", "+49 30 1234567",
                "order_data", "{\"products\":[{\"id\":\"p1\",\"name\":\"Tischlampe\",\"sku\":\"L-1\"}]}"));
        Erasing.invitedAndSent(shop, stranger);
        Fixtures.consent(shop, sent, ConsentRecorded.CHOICE_ASK_LATER, 2, email);
        Fixtures.awaitConsent(shop, sent);
        Db.update("insert into opt_out (webshop_id, email_hash, created_at) values (?, ?, now()), (0, ?, now())",
                other.id(), EmailHash.of(email), EmailHash.of(email));

        Response response = given().cookie(PrivacySessions.COOKIE, sessions.open(email, Instant.now())).get(PATH);
        response.then().statusCode(200).header("Cache-Control", "no-store")
                .body("status", equalTo("success"))
                .body("email", equalTo(email))
                .body("invitations.size()", equalTo(2))
                .body("consents.size()", equalTo(1))
                .body("review_links.size()", equalTo(1));
        List<Map<String, Object>> invitations = response.jsonPath().getList("invitations");
        Map<String, Object> mailed = invitations.stream().filter(i -> sent.equals(i.get("order_number"))).findFirst().orElseThrow();
        assertEquals(shop.id(), ((Number) mailed.get("webshop_id")).longValue());
        assertEquals("sent", mailed.get("state"));
        assertEquals("Erika", mailed.get("customer_name"));
        assertTrue(mailed.get("sent_at") instanceof String && mailed.get("created_at") instanceof String);
        Map<String, Object> queued = invitations.stream().filter(i -> waiting.equals(i.get("order_number"))).findFirst().orElseThrow();
        assertEquals("queued", queued.get("state"));
        assertEquals(email.toUpperCase(), queued.get("email"));
        assertEquals(List.of("+49 30 1234567"), queued.get("phone_numbers"));
        assertEquals("Tischlampe", response.jsonPath().getString("invitations.find { it.order_number == '" + waiting + "' }.products[0].name"));

        assertEquals(sent, response.jsonPath().getString("consents[0].order_number"));
        assertEquals("ask_later", response.jsonPath().getString("consents[0].choice"));
        assertTrue(response.jsonPath().getBoolean("opt_outs.every_webshop"));
        assertEquals(List.of(other.id()), response.jsonPath().getList("opt_outs.webshop_ids", Long.class));
        assertEquals(shop.id(), response.jsonPath().getLong("review_links[0].webshop_id"));
        assertEquals(Erasing.invitationId(shop, sent), response.jsonPath().getLong("review_links[0].invitation_id"));
        String body = response.asString();
        assertFalse(body.contains(stranger), "another address's data");
        assertFalse(body.contains("ref_hash") || body.contains(EmailHash.of(email)), "no hash of a link or the address");
    }
}
