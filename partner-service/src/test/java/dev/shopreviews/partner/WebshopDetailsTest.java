package dev.shopreviews.partner;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

@QuarkusTest
class WebshopDetailsTest {

    @Test
    void validCredentialsAnswerTheWebshopDetailsOfSpec21() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("id", shop.id()).queryParam("code", shop.code())
                .get("/api/1.0/webshop.json")
                .then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webshop details successfully retrieved!"))
                .body("data.name", equalTo("Fixture Shop"))
                .body("data.address.street", equalTo("Damrak"))
                .body("data.address.housenumber", equalTo("1"))
                .body("data.address.postalcode", equalTo("1012 LG"))
                .body("data.address.city", equalTo("Amsterdam"))
                .body("data.address.country", equalTo("Netherlands"))
                .body("data.logo", equalTo("https://" + shop.domain() + "/logo.png"))
                .body("data.languages.iso", contains("nl", "en"))
                .body("data.languages.name", contains("Nederlands", "English"))
                .body("data.languages.main", contains(true, false))
                .body("data.languages.all", contains(true, false))
                .body("data.languages[1].url", endsWith("/shop/" + shop.id() + "/en"));
    }

    @Test
    void anIdWrittenInOtherScriptsDigitsDoesNotAuthenticate() {
        Fixtures.Shop shop = Fixtures.webshop();
        StringBuilder arabicIndic = new StringBuilder();
        String.valueOf(shop.id()).chars().forEach(digit -> arabicIndic.append((char) ('\u0660' + (digit - '0'))));
        given().queryParam("id", arabicIndic.toString()).queryParam("code", shop.code())
                .get("/api/1.0/webshop.json")
                .then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."))
                .body("data", empty());
    }

    @Test
    void controlCharactersInAQueryParameterAreRefusedWithTheEnvelope() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        given().urlEncodingEnabled(false).get("/api/1.0/webshop.json?id=" + shop.id() + "&code=" + shop.code() + "%00")
                .then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Invalid value for code: contains a control character."))
                .body("data", empty());
        // The HTTP server itself refuses a request line it cannot decode, before any endpoint: 400, no body.
        String answer = rawGet("/api/1.0/webshop.json?id=" + shop.id() + "&code=%zz");
        org.junit.jupiter.api.Assertions.assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
    }

    /** A request line no HTTP client library would send (a malformed percent-escape), over a plain socket. */
    private static String rawGet(String target) throws java.io.IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", io.restassured.RestAssured.port)) {
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    @Test
    void aJavascriptShopUrlOrALineBreakInTheNameIsRefused() {
        for (String body : new String[]{
                "{\"name\":\"Evil\",\"url\":\"javascript:alert(document.cookie)//x.example\"}",
                "{\"name\":\"Evil\\r\\nBcc: a@example.com\",\"url\":\"https://evil.example/\"}",
                "{\"name\":\"Evil\",\"url\":\"https://evil.example/\",\"logo\":\"data:text/html,x\"}"}) {
            given().header("Authorization", Fixtures.OPERATOR).contentType(io.restassured.http.ContentType.JSON).body(body)
                    .post("/admin/webshops").then().statusCode(400).body("status", equalTo("error"));
        }
    }

    @Test
    void wrongCodeUnknownIdAndNonNumericIdAreIncorrectCredentialsWithEmptyData() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String[] pair : new String[][]{{String.valueOf(shop.id()), "wrong"}, {"999999999", shop.code()},
                {"abc", shop.code()}, {String.valueOf(shop.id()), shop.publicCode()}}) {
            given().queryParam("id", pair[0]).queryParam("code", pair[1])
                    .get("/api/1.0/webshop.json")
                    .then().statusCode(401)
                    .body("status", equalTo("error"))
                    .body("message", equalTo("Incorrect authentication credentials."))
                    .body("data", empty());
        }
    }

    @Test
    void missingIdOrCodeIsNotAllObligatedVariables() {
        given().queryParam("id", "1001").get("/api/1.0/webshop.json")
                .then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Not all obligated variables are set."))
                .body("data", hasSize(0));
        given().queryParam("code", "x").get("/api/1.0/webshop.json")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
    }

    @Test
    void rotatedCodeReplacesTheOldOne() {
        Fixtures.Shop shop = Fixtures.webshop();
        String newCode = given().header("Authorization", Fixtures.OPERATOR)
                .post("/admin/webshops/" + shop.id() + "/rotate-code")
                .then().statusCode(200).extract().path("code");
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json")
                .then().statusCode(401);
        given().queryParam("id", shop.id()).queryParam("code", newCode).get("/api/1.0/webshop.json")
                .then().statusCode(200).body("status", equalTo("success"));
    }

    @Test
    void adminApiRefusesCallsWithoutTheOperatorToken() {
        given().contentType("application/json").body("{\"name\":\"x\",\"url\":\"https://x.example\"}")
                .post("/admin/webshops").then().statusCode(401).body("status", equalTo("error"));
        given().header("Authorization", "Bearer wrong").contentType("application/json").body("{\"partner\":\"p\"}")
                .post("/admin/partner-tokens").then().statusCode(401);
    }
}
