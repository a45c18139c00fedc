package dev.shopreviews.invitations.dashboard;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.common.testing.Mailbox;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.shopreviews.invitations.dashboard.DashboardInvitationsTest.base;
import static dev.shopreviews.invitations.dashboard.DashboardInvitationsTest.change;
import static dev.shopreviews.invitations.dashboard.DashboardInvitationsTest.read;
import static dev.shopreviews.invitations.dashboard.DashboardInvitationsTest.session;
import static dev.shopreviews.invitations.dashboard.DashboardInvitationsTest.upload;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop dashboard's invitation defaults: read, set, audited, applied to new invitations and to their e-mails' From. */
@QuarkusTest
class DashboardSettingsTest {
    static final String DELAY_INVALID = "delay must be a whole number of days from 0 to 365.";
    static final String FORBIDDEN = "sender_name may not contain any of < > \" @ , ; : \\ ( ) or =?.";

    @Test
    void theOwnersDefaultsApplyToInvitationsAddedWithoutADelayAndToTheFromOfMailsNotSentYet() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String settings = base(shop.id()) + "/settings";

        // Nothing stored: the spec's default delay (0 days) and the configured From.
        read(session).get(settings).then().statusCode(200).body("status", equalTo("success"))
                .body("default_delay", equalTo(0)).body("sender_name", nullValue());
        String builtIn = Fixtures.email();
        Fixtures.add(shop, Map.of("email", builtIn, "order", Fixtures.order()));
        assertEquals(0, delayDays(builtIn));
        assertEquals(0, hoursUntilSend(builtIn));
        String configuredFrom = Mailbox.awaitOne(builtIn).header("From").orElseThrow();

        change(session).body(Map.of("default_delay", 3, "sender_name", "  Bakkerij Jansen  ")).put(settings)
                .then().statusCode(200).body("status", equalTo("success")).body("message", equalTo("Invitation defaults saved."))
                .body("default_delay", equalTo(3)).body("sender_name", equalTo("Bakkerij Jansen"));
        read(session).get(settings).then().statusCode(200)
                .body("default_delay", equalTo(3)).body("sender_name", equalTo("Bakkerij Jansen"));
        assertEquals(1, Db.count("""
                select count(*) from audit_entry where action = 'invitation.defaults' and subject = ? and webshop_id = ?
                    and actor like 'owner:%' and before is null
                    and after::jsonb = '{"default_delay": 3, "sender_name": "Bakkerij Jansen"}'::jsonb""",
                "webshop:" + shop.id(), shop.id()));

        // Added without a delay (the spec's POST, the dashboard's add, a CSV row): the shop's 3 days, i.e. send_at = now + 72 h.
        String spec = Fixtures.email();
        Fixtures.add(shop, Map.of("email", spec, "order", Fixtures.order()));
        String dashboard = Fixtures.email();
        change(session).body(Map.of("email", dashboard, "order", "S-1")).post(base(shop.id()) + "/invitations")
                .then().statusCode(200);
        String csvRow = Fixtures.email();
        upload(session, base(shop.id()), "text/csv", ("email,order\n" + csvRow + ",S-2\n").getBytes(StandardCharsets.UTF_8),
                "false").then().statusCode(200).body("added", equalTo(1));
        for (String email : new String[]{spec, dashboard, csvRow}) {
            assertEquals(3, delayDays(email), email);
            assertEquals(72, hoursUntilSend(email), email);
        }
        // A request naming a delay keeps it, 0 included.
        String oneDay = Fixtures.email();
        Fixtures.add(shop, Map.of("email", oneDay, "order", Fixtures.order(), "delay", "1"));
        assertEquals(1, delayDays(oneDay));
        assertEquals(24, hoursUntilSend(oneDay));
        String now = Fixtures.email();
        Fixtures.add(shop, Map.of("email", now, "order", Fixtures.order(), "delay", "0"));
        assertEquals(0, delayDays(now));

        // The mail sent now carries the sender name as the From's display name; the address stays the configured one.
        String from = Mailbox.awaitOne(now).header("From").orElseThrow();
        assertTrue(from.contains("Bakkerij Jansen"), from);
        assertEquals(address(configuredFrom), address(from));
        assertFalse(from.contains("Shop reviews"), from);

        // Changed later: an invitation added before the change, sent after it, carries the new name.
        change(session).body(Map.of("default_delay", 5, "sender_name", "Jansen & Zonen")).put(settings).then().statusCode(200);
        assertEquals(1, Db.count("""
                select count(*) from audit_entry where action = 'invitation.defaults' and webshop_id = ?
                    and before::jsonb = '{"default_delay": 3, "sender_name": "Bakkerij Jansen"}'::jsonb
                    and after::jsonb = '{"default_delay": 5, "sender_name": "Jansen & Zonen"}'::jsonb""", shop.id()));
        Db.update("update invitation set next_attempt_at = now() where email = ?", spec);
        String later = Mailbox.awaitOne(spec).header("From").orElseThrow();
        assertTrue(later.contains("Jansen & Zonen"), later);
        assertEquals(address(configuredFrom), address(later));

        // A non-ASCII name is encoded by the mailer (RFC 2047); the address is unchanged.
        change(session).body(Map.of("default_delay", 5, "sender_name", "Bäckerei Zoë")).put(settings).then().statusCode(200);
        Db.update("update invitation set next_attempt_at = now() where email = ?", oneDay);
        String encoded = Mailbox.awaitOne(oneDay).header("From").orElseThrow();
        assertTrue(encoded.contains("=?UTF-8?") && encoded.contains("Zo=C3=AB"), encoded);
        assertTrue(encoded.contains("<" + address(configuredFrom) + ">") || encoded.startsWith(address(configuredFrom) + " "), encoded);

        // Without a sender name the configured From is used again; another shop without defaults keeps the spec's 0.
        change(session).body(Map.of("default_delay", 5)).put(settings).then().statusCode(200).body("sender_name", nullValue());
        Db.update("update invitation set next_attempt_at = now() where email = ?", dashboard);
        assertEquals(configuredFrom, Mailbox.awaitOne(dashboard).header("From").orElseThrow());
        Fixtures.Shop other = Fixtures.webshop();
        String otherEmail = Fixtures.email();
        Fixtures.add(other, Map.of("email", otherEmail, "order", Fixtures.order()));
        assertEquals(0, delayDays(otherEmail));
    }

    @Test
    void anotherOwnerFindsNoSettingsAndAChangeNeedsASessionAndTheDashboardHeader() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        String settings = base(shop.id()) + "/settings";
        String stranger = session(other.id());
        read(stranger).get(settings).then().statusCode(404).body("status", equalTo("error"))
                .body("message", equalTo("Webshop not found."));
        change(stranger).body(Map.of("default_delay", 7, "sender_name", "Not yours")).put(settings).then().statusCode(404)
                .body("status", equalTo("error"));
        read(stranger).get("/dashboard/api/invitations/webshops/not-a-number/settings").then().statusCode(404);

        given().get(settings).then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json").body(Map.of("default_delay", 7))
                .put(settings).then().statusCode(401);
        given().cookie(OwnerSessions.COOKIE, session(shop.id())).contentType("application/json")
                .body(Map.of("default_delay", 7)).put(settings).then().statusCode(403).body("status", equalTo("error"))
                .body("message", equalTo("This request must come from the dashboard."));

        assertEquals(0, Db.count("select count(*) from invitation_defaults where webshop_id = ?", shop.id()));
        assertEquals(0, Db.count("select count(*) from audit_entry where webshop_id = ?", shop.id()));
        read(session(shop.id())).get(settings).then().statusCode(200).body("default_delay", equalTo(0));
    }

    @Test
    void badInputIsAnsweredWithAnEnvelopeAndStoresNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String settings = base(shop.id()) + "/settings";

        Map<String, String> refused = new java.util.LinkedHashMap<>();
        refused.put("{\"default_delay\": 366}", DELAY_INVALID);
        refused.put("{\"default_delay\": -1}", DELAY_INVALID);
        refused.put("{\"default_delay\": \"3\"}", DELAY_INVALID);
        refused.put("{\"default_delay\": \"three\"}", DELAY_INVALID);
        refused.put("{\"default_delay\": 2.5}", DELAY_INVALID);
        refused.put("{\"default_delay\": 99999999999999999999999}", DELAY_INVALID);
        refused.put("{\"sender_name\": \"No delay\"}", DELAY_INVALID);
        refused.put("{\"default_delay\": 1, \"sender_name\": \"Shop\\r\\nBcc: evil@x.example\"}",
                "Invalid value for sender_name: must be a single line.");
        refused.put("{\"default_delay\": 1, \"sender_name\": \"Shop\\u2028Two\"}",
                "Invalid value for sender_name: must be a single line.");
        refused.put("{\"default_delay\": 1, \"sender_name\": \"Shop\\u0007\"}",
                "Invalid value for sender_name: contains a control character.");
        refused.put("{\"default_delay\": 1, \"sender_name\": \"<evil@x>\"}", FORBIDDEN);
        refused.put("{\"default_delay\": 1, \"sender_name\": \"Shop, other@x.example\"}", FORBIDDEN);
        // A parenthesis would open a comment that swallows the address; an encoded word would be shown decoded.
        refused.put("{\"default_delay\": 1, \"sender_name\": \"Shop (NL\"}", FORBIDDEN);
        refused.put("{\"default_delay\": 1, \"sender_name\": \"=?UTF-8?B?PGV2aWxAeD4=?=\"}", FORBIDDEN);
        refused.put("{\"default_delay\": 1, \"sender_name\": \"" + "x".repeat(101) + "\"}",
                "sender_name is too long (at most 100 characters).");
        refused.put("{\"default_delay\": 1, \"sender_name\": 12}", "sender_name must be a text.");
        refused.put("{\"default_delay\": ", "The body must be a JSON object.");
        refused.put("[1]", "The body must be a JSON object.");
        refused.put("", "The body must be a JSON object.");
        refused.forEach((body, message) -> change(session).body(body).put(settings).then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo(message)));

        assertEquals(0, Db.count("select count(*) from invitation_defaults where webshop_id = ?", shop.id()));
        assertEquals(0, Db.count("select count(*) from audit_entry where webshop_id = ?", shop.id()));

        // The limits themselves are accepted: 0 and 365 days, a name of exactly 100 characters.
        change(session).body(Map.of("default_delay", 365, "sender_name", "y".repeat(100))).put(settings).then().statusCode(200)
                .body("sender_name", equalTo("y".repeat(100)));
        change(session).body(Map.of("default_delay", 0)).put(settings).then().statusCode(200).body("default_delay", equalTo(0));
    }

    private static long delayDays(String email) {
        return Db.count("select delay_days from invitation where email = ?", email);
    }

    private static long hoursUntilSend(String email) {
        return Db.count("select extract(epoch from scheduled_at - created_at)::bigint / 3600 from invitation where email = ?", email);
    }

    /** The address in a From header value. */
    private static String address(String from) {
        Matcher angle = Pattern.compile("<([^<>]+)>").matcher(from);
        return angle.find() ? angle.group(1) : from.trim();
    }
}
