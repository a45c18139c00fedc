package dev.shopreviews.webhooks;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/**
 * The SSRF table at subscribe time, through the endpoint. This profile has the operator's allow-loopback on (the
 * receiver of the other tests runs on 127.0.0.1), so plain loopback is allowed here; the loopback rows without the
 * allowlist, and the same table at send time, are in {@code target.TargetPolicyTest}.
 */
@QuarkusTest
class SsrfSubscribeTest {

    @Test
    void everyForbiddenTargetIsRefusedAtSubscribeWith400() {
        Fixtures.Shop shop = Fixtures.webshop();
        for (String[] row : SsrfTable.ROWS) {
            given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON)
                    .body("{\"url\":\"" + row[0] + "\",\"topic\":\"reviews.created\"}")
                    .post("/api/1.0/webhook.json")
                    .then().statusCode(400)
                    .body("status", equalTo("error"))
                    .body("message", equalTo(row[1]));
        }
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webhooks/list.json")
                .then().statusCode(200).body("webhooks.size()", equalTo(0));
    }

    @Test
    void loopbackIsAllowedOnlyThroughTheOperatorAllowlist() {
        Fixtures.Shop shop = Fixtures.webshop();
        // allow-loopback is on in this profile: a person can try webhooks on one machine.
        Fixtures.subscribe(shop, "http://127.0.0.1:8099/hook", "reviews.created");
        Fixtures.subscribe(shop, "http://[::1]:8099/hook", "reviews.created");
    }
}
