package dev.shopreviews.partner.owner;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.partner.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * Signing out ends every session of the owner, not only the cookie of the browser that signs out: a copied cookie
 * (another device, or a thief's copy) stops working too, and the next sign-in works.
 */
@QuarkusTest
class OwnerSessionEndTest {

    private static int me(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/account/session").statusCode();
    }

    @Test
    void signingOutEndsEveryCopyOfTheOwnersSessionsAndTheNextSignInWorks() {
        Fixtures.Shop shop = Fixtures.webshop();
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(shop.id());
        String otherDevice = DashboardAccountTest.signIn(owner.email(), DashboardAccountTest.PASSWORD, null)
                .then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        Fixtures.Shop otherShop = Fixtures.webshop();
        DashboardAccountTest.Signed otherOwner = DashboardAccountTest.owner(otherShop.id());

        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(OwnerSessions.CSRF_HEADER, "1")
                .delete("/dashboard/api/partner/account/session").then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> me(otherDevice) == 401);
        await().atMost(Duration.ofSeconds(5)).until(() -> me(owner.cookie()) == 401);
        String again = DashboardAccountTest.signIn(owner.email(), DashboardAccountTest.PASSWORD, null)
                .then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        given().cookie(OwnerSessions.COOKIE, again).get("/dashboard/api/partner/account/session").then().statusCode(200);
        given().cookie(OwnerSessions.COOKIE, otherOwner.cookie()).get("/dashboard/api/partner/account/session").then().statusCode(200);
    }

    @Test
    void aNewPasswordFromAResetLinkEndsEverySessionOfTheOwner() {
        Fixtures.Shop shop = Fixtures.webshop();
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(shop.id());
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json")
                .body("{\"email\":\"" + owner.email() + "\"}").post("/dashboard/api/partner/account/password-reset")
                .then().statusCode(200);
        DashboardAccountTest.setPassword(DashboardAccountTest.mailedToken(owner.email(), 2), "a brand new password 1")
                .then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> me(owner.cookie()) == 401);
        String again = DashboardAccountTest.signIn(owner.email(), "a brand new password 1", null)
                .then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        given().cookie(OwnerSessions.COOKIE, again).get("/dashboard/api/partner/account/session").then().statusCode(200);
    }
}
