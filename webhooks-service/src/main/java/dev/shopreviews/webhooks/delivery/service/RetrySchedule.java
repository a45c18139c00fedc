package dev.shopreviews.webhooks.delivery.service;

import dev.shopreviews.webhooks.config.WebhooksConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with jitter: after failed attempt n the next one waits retry-delays[n-1] plus or minus
 * {@code jitter}; when the list is used up the delivery is dead. Default: 10s, 30s, 2m, 10m, 30m, 1h, 2h, 4h, 8h,
 * 12h, 24h, 24h, so 13 attempts over about 3 days.
 */
@ApplicationScoped
public class RetrySchedule {
    private final List<Duration> delays;
    private final double jitter;

    @Inject
    public RetrySchedule(WebhooksConfig config) {
        this(config.webhooks().retryDelays(), config.webhooks().jitter());
    }

    public RetrySchedule(List<Duration> delays, double jitter) {
        this.delays = List.copyOf(delays);
        this.jitter = Math.max(0, Math.min(jitter, 0.9));
    }

    /** The wait before the next attempt after failed attempt {@code attempt} (1-based), or empty: give up. */
    public Optional<Duration> afterFailedAttempt(int attempt) {
        if (attempt < 1 || attempt > delays.size()) {
            return Optional.empty();
        }
        long base = delays.get(attempt - 1).toMillis();
        double factor = 1 + jitter * (2 * ThreadLocalRandom.current().nextDouble() - 1);
        return Optional.of(Duration.ofMillis(Math.max(0, Math.round(base * factor))));
    }

    public int maxAttempts() {
        return delays.size() + 1;
    }
}
