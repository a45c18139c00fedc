package dev.shopreviews.invitations.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The console's send failures: failed invitations of the last 30 days by shop and reason; older or sent ones never. */
@QuarkusTest
class SendFailuresTest {

    @Test
    void failedInvitationsAreCountedByShopAndReason() {
        long shop = ThreadLocalRandom.current().nextLong(5_000_000, 6_000_000);
        failed(shop, "550 mailbox unavailable", "1 day");
        failed(shop, "550 mailbox unavailable", "2 days");
        failed(shop, "The webshop was deactivated.", "3 days");
        failed(shop, "too old to count", "40 days");
        String moderator = new OperatorSessions("test-operator-session-key-0123456789abcdef", new ObjectMapper())
                .open("mia", OperatorRole.MODERATOR, Instant.now());

        JsonPath answer = given().cookie(OperatorSessions.COOKIE, moderator).queryParam("limit", 500)
                .get("/operator/api/invitations/send-failures").then().statusCode(200).extract().jsonPath();
        Map<String, Object> bounced = answer.getMap("failures.find { it.webshop_id == " + shop + " && it.reason == '550 mailbox unavailable' }");
        assertEquals(2, bounced.get("count"));
        assertEquals(1, answer.getMap("failures.find { it.webshop_id == " + shop + " && it.reason == 'The webshop was deactivated.' }").get("count"));
        assertNull(answer.get("failures.find { it.webshop_id == " + shop + " && it.reason == 'too old to count' }"));

        given().get("/operator/api/invitations/send-failures").then().statusCode(401);
        given().cookie(OperatorSessions.COOKIE, moderator).queryParam("limit", "x").get("/operator/api/invitations/send-failures")
                .then().statusCode(400);
    }

    private static void failed(long shop, String reason, String age) {
        Db.update("""
                insert into invitation (webshop_id, email, order_number, language, delay_days, state, created_at, scheduled_at,
                    next_attempt_at, attempts, last_error)
                values (?, 'x@example.com', ?, 'en', 0, 'failed', now() - cast(? as interval), now(), now(), 3, ?)""",
                shop, "F-" + ThreadLocalRandom.current().nextLong(), age, reason);
    }
}
