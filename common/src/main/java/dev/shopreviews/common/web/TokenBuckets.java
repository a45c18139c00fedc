package dev.shopreviews.common.web;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * In-memory token buckets by key (a client address, or an address and a webshop): each holds {@code capacity}
 * requests and earns one back every {@code refillEvery}. Every request takes a token, refused ones too, so probing
 * is as slow as using. Per process: with N replicas a client gets at most N times the budget (abuse protection, not
 * accounting). At most 100,000 keys: past that, full buckets go first, then all.
 */
public final class TokenBuckets {
    private static final int MAX_BUCKETS = 100_000;

    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final int capacity;
    private final long refillNanos;

    public TokenBuckets(int capacity, Duration refillEvery) {
        this.capacity = capacity;
        this.refillNanos = Math.max(1, refillEvery.toNanos());
    }

    /** True when the request may go ahead (and takes a token). */
    public boolean tryAcquire(String key) {
        if (buckets.size() > MAX_BUCKETS) {
            long now = System.nanoTime();
            buckets.values().removeIf(bucket -> bucket.isFull(now));
            if (buckets.size() > MAX_BUCKETS) {
                buckets.clear();
            }
        }
        return buckets.computeIfAbsent(key, k -> new Bucket()).take(System.nanoTime());
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
