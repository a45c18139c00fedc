package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.webhooks.retention.service.DeliveryRetention;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** shopreviews.retention.deliveries (30 days): finished deliveries older than that go; young and unfinished ones stay. */
@QuarkusTest
class DeliveryRetentionTest {
    @Inject
    DeliveryRetention retention;

    @Test
    void finishedDeliveriesOlderThanThirtyDaysGoWithTheirAttemptsAndYoungOrUnfinishedOnesStay() throws Throwable {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription sub = Fixtures.subscribe(shop, "http://127.0.0.1:9/hook", Topics.REVIEWS_CREATED.name());
        Fixtures.Stored oldDelivered = Fixtures.storedDelivery(sub, shop, "delivered", "r1@example.com", Duration.ofDays(31));
        Fixtures.Stored oldDead = Fixtures.storedDelivery(sub, shop, "dead", "r2@example.com", Duration.ofDays(45));
        Fixtures.Stored oldCancelled = Fixtures.storedDelivery(sub, shop, "cancelled", "r3@example.com", Duration.ofDays(30).plusHours(1));
        Fixtures.Stored youngDelivered = Fixtures.storedDelivery(sub, shop, "delivered", "r4@example.com", Duration.ofDays(29));
        Fixtures.Stored oldPending = Fixtures.storedDelivery(sub, shop, "pending", "r5@example.com", Duration.ofDays(60));
        Fixtures.Stored oldInFlight = Fixtures.storedDelivery(sub, shop, "in_flight", "r6@example.com", Duration.ofDays(60));

        String channel = "retention-" + shop.id();
        for (String[] letter : new String[][]{{"replayed", "31"}, {"discarded", "2"}, {"pending", null}}) {
            Db.update("insert into dead_letter (channel, topic, reason, state, created_at, resolved_at) "
                    + "values (?, 'x', 'test', ?, now(), now() - make_interval(days => ?))", channel, letter[0],
                    letter[1] == null ? null : Integer.valueOf(letter[1]));
        }

        VertxContextSupport.subscribeAndAwait(() -> retention.cleanUp());

        assertFalse(Fixtures.exists(oldDelivered), "delivered, 31 days");
        assertFalse(Fixtures.exists(oldDead), "dead, 45 days");
        assertFalse(Fixtures.exists(oldCancelled), "cancelled, 30 days and an hour");
        assertTrue(Fixtures.attempts(oldDelivered) == 0, "attempts go with their delivery");
        assertTrue(Fixtures.exists(youngDelivered), "delivered, 29 days");
        assertTrue(Fixtures.exists(oldPending), "pending stays whatever its age");
        assertTrue(Fixtures.exists(oldInFlight), "in flight stays whatever its age");
        assertEquals(0, Db.count("select count(*) from dead_letter where channel = ? and state = 'replayed'", channel),
                "a dead letter replayed a month ago goes");
        assertEquals(2, Db.count("select count(*) from dead_letter where channel = ?", channel), "recent and pending ones stay");
    }
}
