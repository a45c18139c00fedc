package dev.shopreviews.embed.browser.service;

import dev.shopreviews.embed.config.EmbedConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.ConcurrentHashMap;

/**
 * In-memory token buckets per client address and webshop for the browser-facing POSTs. Each bucket holds
 * {@code capacity} requests and earns one back every {@code refill-every}. Per instance: with N replicas a client
 * gets at most N times the budget (acceptable for abuse protection; documented).
 */
@ApplicationScoped
public class RateLimiter {
    private static final int MAX_BUCKETS = 100_000;

    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final int capacity;
    private final long refillNanos;

    public RateLimiter(EmbedConfig config) {
        this.capacity = config.rateLimit().capacity();
        this.refillNanos = Math.max(1, config.rateLimit().refillEvery().toNanos());
    }

    /** True when the request may go ahead (and takes a token). */
    public boolean tryAcquire(String clientAddress, long webshopId) {
        if (buckets.size() > MAX_BUCKETS) {
            long now = System.nanoTime();
            buckets.values().removeIf(bucket -> bucket.isFull(now));
            if (buckets.size() > MAX_BUCKETS) {
                buckets.clear();
            }
        }
        return buckets.computeIfAbsent(clientAddress + "|" + webshopId, key -> new Bucket()).take(System.nanoTime());
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
