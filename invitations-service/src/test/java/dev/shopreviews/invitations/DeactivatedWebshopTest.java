package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A webshop the operator deactivated (partner-service publishes its snapshot with active=false): its due invitations
 * are marked failed and never mailed, and its right code answers 403 with the deactivation message (a wrong one 401).
 */
@QuarkusTest
class DeactivatedWebshopTest {

    @Test
    void aDeactivatedShopsDueInvitationIsMarkedFailedAndNotMailedWhileAnActiveShopsIsSent() {
        Fixtures.Shop deactivated = Fixtures.webshop("en", "en");
        String notMailed = Fixtures.email();
        Fixtures.add(deactivated, Map.of("email", notMailed, "order", Fixtures.order(), "delay", "3"));
        Fixtures.snapshot(deactivated, 2, false);
        awaitStatus(deactivated.auth().queryParam("orderNumber", "ORD-1"), 403);
        // due now: the sender picks it on its next run
        Db.update("update invitation set next_attempt_at = now() - interval '1 second' where webshop_id = ?", deactivated.id());

        Fixtures.Shop active = Fixtures.webshop("en", "en");
        String mailed = Fixtures.email();
        Fixtures.add(active, Map.of("email", mailed, "order", Fixtures.order(), "delay", "0"));

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).until(() -> Db.count(
                "select count(*) from invitation where webshop_id = ? and state = 'failed' and last_error = 'The webshop was deactivated.'",
                deactivated.id()) == 1);
        Mailbox.awaitOne(mailed);
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ? and state = 'sent'", active.id()));
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ? and sent_at is not null", deactivated.id()));
        assertTrue(Mailbox.messages(notMailed).isEmpty(), "no mail to the deactivated shop's customer");
    }

    @Test
    void theRightCodeOfADeactivatedShopAnswers403AndAWrongOne401() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        Fixtures.snapshot(shop, 2, false);
        awaitStatus(shop.auth().queryParam("orderNumber", "ORD-1"), 403);

        shop.auth().queryParam("orderNumber", "ORD-1").get("/api/2.0/order_permissions.json").then().statusCode(403)
                .body("status", equalTo("error")).body("message", equalTo(Messages.WEBSHOP_DEACTIVATED))
                .body("has_consent", equalTo(false));
        given().queryParam("id", shop.id()).queryParam("code", "wrong-" + shop.code()).queryParam("orderNumber", "ORD-1")
                .get("/api/2.0/order_permissions.json").then().statusCode(401)
                .body("message", equalTo(Messages.INCORRECT_CREDENTIALS));
        shop.auth().get("/api/1.0/invitations.json").then().statusCode(403)
                .body("message", equalTo(Messages.WEBSHOP_DEACTIVATED));
        shop.auth().contentType("application/x-www-form-urlencoded").formParam("email", Fixtures.email())
                .post("/api/1.0/invitations.json").then().statusCode(403).body("message", equalTo(Messages.WEBSHOP_DEACTIVATED));

        Fixtures.snapshot(shop, 3, true);
        awaitStatus(shop.auth().queryParam("orderNumber", "ORD-1"), 200);
    }

    /** Waits until the replica has the snapshot: order_permissions answers {@code status}. */
    private static void awaitStatus(io.restassured.specification.RequestSpecification request, int status) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                request.get("/api/2.0/order_permissions.json").statusCode() == status);
    }
}
