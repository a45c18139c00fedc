package dev.shopreviews.invitations;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static org.hamcrest.Matchers.equalTo;

/** Issue 21: every text field of spec 4.1 goes through the one input rule (TextInput); a refusal is a 400 envelope, never 500. */
@QuarkusTest
class ControlCharactersInTheFormTest {

    @Test
    void aNulInAnyTextFieldIsRefusedWithTheInvalidValueEnvelope() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String field : new String[]{"customer_name", "order", "language", "client", "platform_version",
                "plugin_version", "phone_numbers", "phone_numbers[]"}) {
            String named = field.startsWith("phone_numbers") ? "phone_numbers" : field;
            shop.auth().formParam("email", Fixtures.email()).formParam(field, "a\u0000b")
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Invalid value for " + named + ": contains a control character."));
        }
    }

    @Test
    void aLineBreakInTheEmailOrNameIsRefusedBecauseTheyGoIntoMailHeaders() {
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().formParam("email", "x@example.com\r\nBcc: y@example.com")
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Invalid value for email: must be a single line."));
        shop.auth().formParam("email", Fixtures.email()).formParam("customer_name", "Jan\nBcc: y@example.com")
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Invalid value for customer_name: must be a single line."));
    }

    @Test
    void anEscapedControlCharacterInsideOrderDataIsRefused() {
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().formParam("email", Fixtures.email())
                .formParam("order_data", "{\"products\":[{\"id\":\"1\",\"name\":\"Mug\\u0000\"}]}")
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Invalid value for order_data.products[0].name: contains a control character."));
    }

    @Test
    void aDelayBeyondThe32BitRangeIsRefusedNotTruncatedToZero() {
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().formParam("email", Fixtures.email()).formParam("delay", "4294967296")
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("delay must be a whole number of days from 0 to 365."));
    }
}
