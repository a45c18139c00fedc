package dev.shopreviews.webhooks.delivery;

import dev.shopreviews.webhooks.delivery.service.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetryScheduleTest {

    @Test
    void theDefaultScheduleSpansAboutThreeDaysIn13Attempts() {
        List<Duration> delays = List.of(Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(10),
                Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(4), Duration.ofHours(8),
                Duration.ofHours(12), Duration.ofHours(24), Duration.ofHours(24));
        RetrySchedule schedule = new RetrySchedule(delays, 0);
        assertEquals(13, schedule.maxAttempts());
        Duration total = Duration.ZERO;
        for (int attempt = 1; attempt < schedule.maxAttempts(); attempt++) {
            total = total.plus(schedule.afterFailedAttempt(attempt).orElseThrow());
        }
        assertTrue(total.compareTo(Duration.ofHours(72)) > 0 && total.compareTo(Duration.ofHours(80)) < 0, total.toString());
        assertTrue(schedule.afterFailedAttempt(13).isEmpty());
    }

    @Test
    void jitterStaysWithinItsBand() {
        RetrySchedule schedule = new RetrySchedule(List.of(Duration.ofSeconds(100)), 0.2);
        for (int i = 0; i < 200; i++) {
            long ms = schedule.afterFailedAttempt(1).orElseThrow().toMillis();
            assertTrue(ms >= 80_000 && ms <= 120_000, String.valueOf(ms));
        }
    }
}
