package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Metrics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The send queue as /q/metrics shows it: sends by outcome, the queue's size and its oldest due invitation. */
@QuarkusTest
class SendQueueMetricsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aSentInvitationIsCountedAndAScheduledOneIsQueued() {
        double sent = Math.max(0, Metrics.value("invitations_mail_sends_total", "outcome", "sent"));
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", Fixtures.order()));
        await().atMost(WAIT).until(() -> Metrics.value("invitations_mail_sends_total", "outcome", "sent") >= sent + 1);

        // due in five days: queued (refreshed every second in tests), not late
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", Fixtures.order(), "delay", "5"));
        await().atMost(WAIT).until(() -> Metrics.value("invitations_queued") >= 1);
        assertTrue(Metrics.value("invitations_oldest_due_age_seconds") >= 0, "the oldest due age is exported");
        assertTrue(Metrics.value("invitations_mail_sends_total", "outcome", "failed") >= 0, "failed sends are exported");
        assertTrue(Metrics.value("shopreviews_outbox_lag_seconds") >= 0, "common's gauges are there too");
    }
}
