package dev.shopreviews.invitations.shopplatform;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile and clumsy bodies at the dashboard's PUT of a platform's signing secret, which binds to a validated record
 * (PlatformSecretRequest, common RequestBodies): numbers, 4.5, booleans, arrays, objects and null for the secret, a
 * missing secret, control characters, huge texts. Each is the 400 envelope with its message, never a 5xx, and stores
 * nothing; the endpoint takes JSON only (415 for text/plain, as before); the ownership and the platform are still
 * answered before the body.
 */
@QuarkusTest
class ShopPlatformSecretHostileBodiesTest {
    static final String NOT_JSON = "The body must be a JSON object {\"secret\": …}.";
    static final String INVALID = "secret must be one line of 16 to 200 characters without spaces or control characters.";
    static final String GOOD = "8f3b2a6c1d9e4f7a0b5c2d8e1f6a3b9c";

    @Test
    void theSecretTakesOnlyOneLineOfText() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = Owners.session(shop.id());
        String path = Owners.base(shop.id()) + "/shop-platforms/shopify/secret";

        Map<String, String> refused = new LinkedHashMap<>();
        for (String body : new String[]{"", " ", "null", "[]", "[{\"secret\":\"" + GOOD + "\"}]", "\"" + GOOD + "\"", "42",
                "4.5", "true", "{not json", "{\"secret\":", "<secret>x</secret>", "secret=" + GOOD}) {
            refused.put(body, NOT_JSON);
        }
        for (String secret : new String[]{"42", "4.5", "1e30", "true", "[\"" + GOOD + "\"]", "{\"value\":\"" + GOOD + "\"}", "null",
                "\"\"", "\"short\"", "\"" + GOOD + " " + GOOD + "\"", "\"" + GOOD + "\\t" + GOOD + "\"", "\"" + "x".repeat(201) + "\"",
                "\"" + "x".repeat(70_000) + "\""}) {
            refused.put("{\"secret\":" + secret + "}", INVALID);
        }
        refused.put("{}", INVALID);
        refused.put("{\"Secret\":\"" + GOOD + "\"}", INVALID);
        refused.put("{\"secret\":\"" + GOOD + "\\u0000\"}", "Invalid value for secret: contains a control character.");
        refused.put("{\"secret\":\"" + GOOD + "\",\"note\":\"\\u001b\"}", "Invalid value for note: contains a control character.");
        refused.forEach((body, message) -> {
            Response answer = Owners.change(session).body(body).put(path);
            String shown = body.length() > 200 ? body.substring(0, 200) + "…" : body;
            assertEquals(400, answer.statusCode(), shown);
            assertEquals(Map.of("status", "error", "message", message), answer.jsonPath().getMap(""), shown);
        });
        for (String type : new String[]{"text/plain", "application/x-www-form-urlencoded"}) {
            int status = Owners.change(session).contentType(type).body("{\"secret\":42}").put(path).statusCode();
            assertEquals(415, status, type);
        }
        assertEquals(0, Db.count("select count(*) from shop_platform_connection where webshop_id = ?", shop.id()), "nothing stored");

        Owners.change(session).body("{\"secret\":\" " + GOOD + " \",\"unknown\":[1,{}]}").put(path).then().statusCode(200)
                .body("platform.secret", equalTo(GOOD));
        assertEquals(1, Db.count("select count(*) from shop_platform_connection where webshop_id = ?", shop.id()));
    }

    @Test
    void theOwnershipAndThePlatformAreAnsweredBeforeABadBody() {
        Fixtures.Shop shop = Fixtures.webshop();
        String stranger = Owners.session(Fixtures.webshop().id());
        Owners.change(stranger).body("{\"secret\":42}").put(Owners.base(shop.id()) + "/shop-platforms/shopify/secret")
                .then().statusCode(404);
        Owners.change(Owners.session(shop.id())).body("[").put(Owners.base(shop.id()) + "/shop-platforms/magento/secret")
                .then().statusCode(404).body("message", equalTo("Unknown shop platform."));
        Owners.read(Owners.session(shop.id())).contentType("application/json").body("{\"secret\":42}")
                .put(Owners.base(shop.id()) + "/shop-platforms/shopify/secret").then().statusCode(403);
        assertEquals(0, Db.count("select count(*) from shop_platform_connection where webshop_id = ?", shop.id()));
    }
}
