package dev.shopreviews.ratings.report.service;

import dev.shopreviews.ratings.config.RatingsConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.ConcurrentHashMap;

/**
 * In-memory token buckets per client address for visitors' reports (embed-service's browser POSTs count the same
 * way): {@code capacity} reports at once, one more every {@code refill-every}. Every request takes a token, refused
 * ones too, so probing is as slow as reporting. Per replica: with N replicas a client gets at most N times the budget.
 */
@ApplicationScoped
public class ReportRateLimiter {
    private static final int MAX_BUCKETS = 100_000;

    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final int capacity;
    private final long refillNanos;

    public ReportRateLimiter(RatingsConfig config) {
        this.capacity = config.visitorReports().capacity();
        this.refillNanos = Math.max(1, config.visitorReports().refillEvery().toNanos());
    }

    /** True when the request may go ahead (and takes a token). */
    public boolean tryAcquire(String client) {
        if (buckets.size() > MAX_BUCKETS) {
            long now = System.nanoTime();
            buckets.values().removeIf(bucket -> bucket.isFull(now));
            if (buckets.size() > MAX_BUCKETS) {
                buckets.clear();
            }
        }
        return buckets.computeIfAbsent(client, key -> new Bucket()).take(System.nanoTime());
    }

    /** Seconds until the next token, for Retry-After. */
    public long retryAfterSeconds() {
        return Math.max(1, refillNanos / 1_000_000_000L);
    }

    private final class Bucket {
        private double tokens = capacity;
        private long updated = System.nanoTime();

        synchronized boolean take(long now) {
            refill(now);
            if (tokens >= 1) {
                tokens -= 1;
                return true;
            }
            return false;
        }

        synchronized boolean isFull(long now) {
            refill(now);
            return tokens >= capacity;
        }

        private void refill(long now) {
            tokens = Math.min(capacity, tokens + (double) (now - updated) / refillNanos);
            updated = now;
        }
    }
}
