package dev.shopreviews.partner.outbox;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.outbox.OutboxWakeUps;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.partner.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The outbox relay is woken by the committing transaction (PostgreSQL LISTEN/NOTIFY), not by a clock: with both of its
 * polls set to an hour, a new webshop's snapshot still reaches the broker at once, also after the listening
 * connection was cut (it comes back on its own). Without the notifications nothing would leave for an hour.
 */
@QuarkusTest
@TestProfile(OutboxWakesOnCommitTest.HourlyPolls.class)
class OutboxWakesOnCommitTest {
    public static class HourlyPolls implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("outbox.poll-interval", "1h", "outbox.quiet-poll-interval", "1h",
                    "outbox.reconnect-delay", "0.2s");
        }
    }

    @Inject
    Pool pool;

    @Inject
    OutboxWakeUps wakeUps;

    @Test
    void aCommittedEventLeavesAtOnceWithoutAnyPollAlsoAfterTheListeningConnectionWasCut() {
        await().atMost(Duration.ofSeconds(20)).until(wakeUps::listening);
        assertPublished(Fixtures.webshop());

        long cut = pool.query("select count(pg_terminate_backend(pid)) from pg_stat_activity"
                        + " where application_name = 'outbox-listener' and datname = current_database()")
                .execute().await().atMost(Duration.ofSeconds(10)).iterator().next().getLong(0);
        assertEquals(1, cut, "one listening connection of this service was cut");
        await().atMost(Duration.ofSeconds(20)).until(wakeUps::listening);
        assertPublished(Fixtures.webshop());
    }

    /** By its domain: a restarted test database hands out the same webshop ids again. */
    private static void assertPublished(Fixtures.Shop shop) {
        assertEquals(1, KafkaTestClient.await(Topics.WEBSHOPS.name(), record -> record.value().contains(shop.domain()),
                1, Duration.ofSeconds(15)).size(), "the snapshot of " + shop.domain() + " reached the broker");
    }
}
