package dev.shopreviews.partner.owner;

import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.partner.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/** partner-service's private answers: the dashboard's, the console's and the operator's API answers are never stored by a browser or proxy, errors too. */
@QuarkusTest
class ApiAnswersAreNotStoredTest {

    @Test
    void dashboardAnswersSayNoStoreAlsoForErrorsAndUnknownPaths() {
        Fixtures.Shop shop = Fixtures.webshop();
        String cookie = DashboardAccountTest.owner(shop.id()).cookie();
        given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/webshops/" + shop.id())
                .then().statusCode(200).header("Cache-Control", equalTo("no-store"));
        given().get("/dashboard/api/partner/account/session").then().statusCode(401)
                .body("message", equalTo("Sign in to the dashboard.")).header("Cache-Control", equalTo("no-store"));
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType(ContentType.JSON).body("{\"email\":")
                .post("/dashboard/api/partner/account/session").then().statusCode(400).header("Cache-Control", equalTo("no-store"));
        given().get("/dashboard/api/partner/no-such-thing").then().statusCode(404).header("Cache-Control", equalTo("no-store"));
    }

    @Test
    void consoleAndOperatorAnswersSayNoStore() {
        given().get("/operator/api/partner/session").then().statusCode(401).header("Cache-Control", equalTo("no-store"));
        given().header(OperatorSessions.CSRF_HEADER, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"nobody-here\",\"password\":\"wrong\",\"code\":\"000000\"}").header("X-Forwarded-For", "2001:db8:ca::1")
                .post("/operator/api/partner/session").then().statusCode(401).header("Cache-Control", equalTo("no-store"));
        given().header("Authorization", Fixtures.OPERATOR).contentType(ContentType.JSON).body("{\"partner\":\"no-store-check\"}")
                .post("/admin/partner-tokens").then().statusCode(200).header("Cache-Control", equalTo("no-store"));
        given().contentType(ContentType.JSON).body("{}").post("/admin/webshops").then().statusCode(401)
                .header("Cache-Control", equalTo("no-store"));
    }

    @Test
    void thePublicApiKeepsItsOwnCaching() {
        Fixtures.Shop shop = Fixtures.webshop();
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json")
                .then().statusCode(200).header("Cache-Control", nullValue());
    }
}
