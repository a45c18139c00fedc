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
