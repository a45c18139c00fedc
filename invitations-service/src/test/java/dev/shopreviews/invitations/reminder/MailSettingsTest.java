package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The dashboard settings' reminder days and Reply-To (issue 28): validated, header-injection safe, applied to the mail. */
@QuarkusTest
class MailSettingsTest {

    static Map<String, Object> body(Object reminderDays, Object replyTo) {
        Map<String, Object> body = new HashMap<>();
        body.put("default_delay", 0);
        body.put("reminder_days", reminderDays);
        body.put("reply_to", replyTo);
        return body;
    }

    @Test
    void theReplyToAddressIsSetOnTheMailAndAnyLineBreakOrControlCharacterIsRefusedWithNothingStored() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String session = Owners.session(shop.id());
        String settings = Owners.base(shop.id()) + "/settings";
        Owners.read(session).get(settings).then().statusCode(200).body("reminder_days", equalTo(0)).body("reply_to", nullValue());

        String[][] refused = {
                {"shop@example.com\r\nBcc: victim@example.com", "Invalid value for reply_to: must be a single line."},
                {"shop@example.com\nBcc: victim@example.com", "Invalid value for reply_to: must be a single line."},
                {"shop@example.com\u0000", "Invalid value for reply_to: contains a control character."},
                {"shop@example.com\u2028Bcc: x@example.com", "Invalid value for reply_to: must be a single line."},
                {"Shop <shop@example.com>", "reply_to is not a valid e-mail address."},
                {"shop@example.com, victim@example.com", "reply_to is not a valid e-mail address."},
                {"not an address", "reply_to is not a valid e-mail address."}};
        for (String[] value : refused) {
            Owners.change(session).body(body(2, value[0])).put(settings)
                    .then().statusCode(400).body("status", equalTo("error")).body("message", equalTo(value[1]));
        }
        Owners.change(session).body(body(2, 5)).put(settings).then().statusCode(400).body("message", equalTo("reply_to must be a text."));
        assertEquals(0, Db.count("select count(*) from invitation_defaults where webshop_id = ?", shop.id()), "nothing stored");

        Owners.change(session).body(body(2, "  service@shop.example  ")).put(settings).then().statusCode(200)
                .body("reply_to", equalTo("service@shop.example")).body("reminder_days", equalTo(2));
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));
        assertEquals("service@shop.example", Mailbox.awaitOne(email).header("Reply-To").orElseThrow());

        // A client that sends only the older fields keeps reminder days and Reply-To as stored.
        Owners.change(session).body(Map.of("default_delay", 1)).put(settings).then().statusCode(200)
                .body("reminder_days", equalTo(2)).body("reply_to", equalTo("service@shop.example"));
        Owners.change(session).body(body(2, null)).put(settings).then().statusCode(200).body("reply_to", nullValue());
    }

    @Test
    void reminderDaysAreAWholeNumberFromZeroToSixtyAndAnythingElseIsRefusedWithNothingStored() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String session = Owners.session(shop.id());
        String settings = Owners.base(shop.id()) + "/settings";
        for (Object days : new Object[]{-1, 61, 2.5, "3", true, 4294967299L}) {
            Owners.change(session).body(body(days, null)).put(settings).then().statusCode(400)
                    .body("message", equalTo("reminder_days must be a whole number of days from 0 (no reminder) to 60."));
        }
        Owners.change(session).body(body(null, null)).put(settings).then().statusCode(400);
        assertEquals(0, Db.count("select count(*) from invitation_defaults where webshop_id = ?", shop.id()), "nothing stored");
        Owners.change(session).body(body(60, null)).put(settings).then().statusCode(200).body("reminder_days", equalTo(60));
        assertEquals(1, Db.count("""
                select count(*) from audit_entry where action = 'invitation.defaults' and webshop_id = ?
                    and after::jsonb = '{"default_delay": 0, "sender_name": null, "reminder_days": 60}'::jsonb""", shop.id()));
        Owners.change(session).body(body(0, null)).put(settings).then().statusCode(200).body("reminder_days", equalTo(0));
    }
}
