package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 21: a webshop's invitation e-mails are capped per UTC day (%test quota 40), so a leaked API code cannot turn
 * the suite into a spam relay: the rest wait for the next day, and new invitations are refused with a clear 429.
 */
@QuarkusTest
class DailyMailQuotaTest {
    private static final int QUOTA = 40; // %test.shopreviews.sending.daily-quota

    @Test
    void beyondTheDailyQuotaInvitationsWaitForTomorrowAndNewOnesAreRefusedWith429() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        for (int i = 0; i < QUOTA + 5; i++) {
            Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", Fixtures.order(), "delay", "0"));
        }
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                .until(() -> Db.count("select count(*) from invitation where webshop_id = ? and state = 'sent'", shop.id()) == QUOTA
                        && Db.count("select count(*) from invitation where webshop_id = ? and state = 'queued' and "
                        + "next_attempt_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '1 day'",
                        shop.id()) == 5);

        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(500)).until(() -> shop.auth()
                .contentType("application/x-www-form-urlencoded").formParam("email", Fixtures.email())
                .formParam("order", Fixtures.order()).post("/api/1.0/invitations.json").statusCode() == 429);
        shop.auth().contentType("application/x-www-form-urlencoded").formParam("email", Fixtures.email())
                .formParam("order", Fixtures.order()).post("/api/1.0/invitations.json").then().statusCode(429)
                .body("status", org.hamcrest.Matchers.equalTo("error"))
                .body("message", org.hamcrest.Matchers.equalTo(
                        "Daily invitation e-mail quota reached for this webshop; add the invitation again tomorrow."));
        assertEquals(QUOTA, Db.count("select count(*) from invitation where webshop_id = ? and state = 'sent'", shop.id()),
                "nothing beyond the quota was sent");

        Fixtures.Shop other = Fixtures.webshop("en", "en");
        assertEquals("Invitation successfully added to queue!", Fixtures.add(other, Map.of("email", Fixtures.email())));
    }
}
