package dev.shopreviews.invitations;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Spec 4.1 and 3.1: add invitation, its defaults, the email+order rule and the error messages of section 7. */
@QuarkusTest
class AddInvitationTest {
    static final String ADDED = "Invitation successfully added to queue!";
    static final String ALREADY = "Invitation already sent for this order.";

    @Test
    void anInvitationWithEveryFieldIsQueuedWithTheSpecMessage() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        shop.auth().contentType("application/x-www-form-urlencoded")
                .formParam("email", email).formParam("order", "A-1").formParam("language", "en")
                .formParam("delay", "2").formParam("customer_name", "Jan Jansen")
                .formParam("phone_numbers[]", "+31612345678").formParam("phone_numbers[]", "+31201234567")
                .formParam("order_total", "99.95")
                .formParam("order_data", "{\"products\":[{\"id\":\"p1\",\"name\":\"Lamp\",\"url\":\"https://s.example/p1\","
                        + "\"image_url\":\"https://s.example/p1.jpg\",\"sku\":\"SKU1\",\"gtin\":\"8712345678901\"}]}")
                .formParam("client", "shopplugin").formParam("platform_version", "6.4").formParam("plugin_version", "1.2.3")
                .post("/api/1.0/invitations.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo(ADDED));
        shop.auth().get("/api/1.0/invitations.json").then().statusCode(200)
                .body("invitations", hasSize(1))
                .body("invitations[0].email", equalTo(email))
                .body("invitations[0].order", equalTo("A-1"))
                .body("invitations[0].delay", equalTo(2))
                .body("invitations[0].datetimes.sent", equalTo(false));
    }

    @Test
    void onlyEmailIsNeededAndTheDefaultsAreAnEmptyOrderAndNoDelay() {
        Fixtures.Shop shop = Fixtures.webshop();
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", Fixtures.email())));
        shop.auth().get("/api/1.0/invitations.json").then()
                .body("invitations[0].order", equalTo(""))
                .body("invitations[0].delay", equalTo(0));
    }

    @Test
    void theSameEmailAndOrderAgainIsAlreadySentAndNotQueuedTwice() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String order = Fixtures.order();
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", email, "order", order, "delay", "5")));
        assertEquals(ALREADY, Fixtures.add(shop, Map.of("email", email, "order", order, "delay", "5")));
        assertEquals(ALREADY, Fixtures.add(shop, Map.of("email", email.toUpperCase(), "order", " " + order + " ", "delay", "5")));
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", email, "order", order + "-2", "delay", "5")));
        shop.auth().get("/api/1.0/invitations.json").then().body("invitations", hasSize(2));
    }

    @Test
    void theEmailAndOrderRuleHoldsPerWebshop() {
        Fixtures.Shop first = Fixtures.webshop();
        Fixtures.Shop second = Fixtures.webshop();
        String email = Fixtures.email();
        assertEquals(ADDED, Fixtures.add(first, Map.of("email", email, "order", "1", "delay", "5")));
        assertEquals(ADDED, Fixtures.add(second, Map.of("email", email, "order", "1", "delay", "5")));
    }

    @Test
    void anEmptyOrderNeverCountsAsUsedBeforeSoEachIsQueued() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", email, "delay", "5")));
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", email, "order", "", "delay", "5")));
        shop.auth().get("/api/1.0/invitations.json").then()
                .body("invitations", hasSize(2))
                .body("invitations.order", contains("", ""));
    }

    @Test
    void missingIdCodeOrEmailIsNotAllObligatedVariables() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("code", shop.code()).formParam("email", Fixtures.email())
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Not all obligated variables are set."));
        given().queryParam("id", shop.id()).formParam("email", Fixtures.email())
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
        shop.auth().formParam("order", "1").post("/api/1.0/invitations.json").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Not all obligated variables are set."));
        shop.auth().formParam("email", " ").post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
        shop.auth().post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
    }

    @Test
    void wrongCodeUnknownIdAndNonNumericIdAreIncorrectCredentials() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String[] pair : new String[][]{{String.valueOf(shop.id()), "wrong"}, {"999999999", shop.code()},
                {"abc", shop.code()}}) {
            given().queryParam("id", pair[0]).queryParam("code", pair[1]).formParam("email", Fixtures.email())
                    .post("/api/1.0/invitations.json").then().statusCode(401)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Incorrect authentication credentials."));
        }
    }

    @Test
    void aMalformedEmailIsRefused() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String email : new String[]{"no-at-sign", "a@b", "two@@example.com", "a b@example.com"}) {
            shop.auth().formParam("email", email).post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error")).body("message", equalTo("The email address is not valid."));
        }
    }

    @Test
    void anAddressWithANonAsciiLocalPartIsRefusedAsTheReviewCoreRefusesItAndAnAsciiOneIsQueued() {
        Fixtures.Shop shop = Fixtures.webshop();
        String unique = java.util.UUID.randomUUID().toString().substring(0, 8);
        // ratings-service's core (common EmailAddress) stores no review with such an address: no invitation for it
        for (String email : new String[]{"j\u00fcrgen-" + unique + "@example.com", "\u00e9lodie-" + unique + "@example.com",
                "\u7528\u6237-" + unique + "@example.com"}) {
            shop.auth().contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam("email", email)
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error")).body("message", equalTo("The email address is not valid."));
        }
        String ascii = "jurgen-" + unique + "@example.com";
        shop.auth().contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam("email", " " + ascii + " ")
                .post("/api/1.0/invitations.json").then().statusCode(200).body("message", equalTo(ADDED));
        shop.auth().get("/api/1.0/invitations.json").then().statusCode(200)
                .body("invitations", hasSize(1)).body("invitations[0].email", equalTo(ascii));
    }

    @Test
    void aNegativeNonIntegerOrHugeDelayIsRefused() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String delay : new String[]{"-1", "1.5", "two", "366", "99999999999"}) {
            shop.auth().formParam("email", Fixtures.email()).formParam("delay", delay)
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("delay must be a whole number of days from 0 to 365."));
        }
    }

    @Test
    void anOrderTotalWithoutADotDecimalIsRefused() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String total : new String[]{"12,50", "12.5.0", "abc", "-3"}) {
            shop.auth().formParam("email", Fixtures.email()).formParam("order_total", total)
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("message", equalTo("order_total must be a decimal number with a dot as decimal separator."));
        }
    }

    @Test
    void orderDataMustBeAnObjectWithProductsThatHaveIdAndName() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String data : new String[]{"not json", "[1,2]", "{\"items\":[]}", "{\"products\":\"p1\"}"}) {
            shop.auth().formParam("email", Fixtures.email()).formParam("order_data", data)
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("order_data must be a JSON object with a products array."));
        }
        for (String data : new String[]{"{\"products\":[{\"id\":\"p1\"}]}", "{\"products\":[{\"name\":\"Lamp\"}]}",
                "{\"products\":[{\"id\":\"p1\",\"name\":\"  \"}]}", "{\"products\":[\"p1\"]}"}) {
            shop.auth().formParam("email", Fixtures.email()).formParam("order_data", data)
                    .post("/api/1.0/invitations.json").then().statusCode(400)
                    .body("message", equalTo("Each product in order_data needs an id and a name."));
        }
        assertEquals(ADDED, Fixtures.add(shop, Map.of("email", Fixtures.email(), "delay", "5",
                "order_data", "{\"products\":[{\"id\":17,\"name\":\"Numeric id is fine\",\"gtin\":8712345678901}]}")));
    }

    @Test
    void aLanguageThatIsNoLanguageTagIsRefused() {
        // three-letter codes and region tags are read as their two-letter code (RealClientsTest)
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().formParam("email", Fixtures.email()).formParam("language", "dutch")
                .post("/api/1.0/invitations.json").then().statusCode(400)
                .body("message", equalTo("language must be an ISO-639-1 code of two letters."));
    }

    @Test
    void aMultipartFormIsAcceptedToo() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        shop.auth().multiPart("email", email).multiPart("order", "mp-1").multiPart("delay", "4")
                .post("/api/1.0/invitations.json").then().statusCode(200).body("message", equalTo(ADDED));
        shop.auth().get("/api/1.0/invitations.json").then()
                .body("invitations[0].email", equalTo(email))
                .body("invitations[0].delay", equalTo(4));
    }

    @Test
    void aJsonBodyInsteadOfAFormIsNotAServerError() {
        Fixtures.Shop shop = Fixtures.webshop();
        int status = shop.auth().contentType("application/json").body("{\"email\":\"a@example.com\"}")
                .post("/api/1.0/invitations.json").then().body("status", equalTo("error")).extract().statusCode();
        org.junit.jupiter.api.Assertions.assertTrue(status >= 400 && status < 500, "status " + status);
    }
}
