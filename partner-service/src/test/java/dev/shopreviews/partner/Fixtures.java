package dev.shopreviews.partner;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import java.util.UUID;

import static io.restassured.RestAssured.given;

/** Creates webshops and partner tokens through the operator's admin API, as the operator would. */
public final class Fixtures {
    public static final String OPERATOR = "Bearer test-operator-token";

    public record Shop(long id, String code, String publicCode, String domain) {
    }

    private Fixtures() {
    }

    public static Shop webshop() {
        String domain = "shop-" + UUID.randomUUID().toString().substring(0, 8) + ".example";
        JsonPath created = given().header("Authorization", OPERATOR).contentType(ContentType.JSON)
                .body("""
                        {"name":"Fixture Shop","url":"https://www.%s/","main_language":"nl","languages":["nl","en"],
                         "domains":["%s"],"logo":"https://%s/logo.png",
                         "address":{"street":"Damrak","housenumber":"1","postalcode":"1012 LG","city":"Amsterdam","country":"Netherlands"}}
                        """.formatted(domain, domain, domain))
                .post("/admin/webshops").then().statusCode(200).extract().jsonPath();
        return new Shop(created.getLong("webshop_id"), created.getString("code"), created.getString("public_code"), domain);
    }

    public static String partnerToken(String partner) {
        return given().header("Authorization", OPERATOR).contentType(ContentType.JSON)
                .body("{\"partner\":\"" + partner + "\"}")
                .post("/admin/partner-tokens").then().statusCode(200).extract().path("token");
    }
}
