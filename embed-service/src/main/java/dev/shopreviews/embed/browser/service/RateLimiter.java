package dev.shopreviews.embed.browser.service;

import dev.shopreviews.common.web.TokenBuckets;
import dev.shopreviews.embed.config.EmbedConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The browser-facing POSTs per client address and webshop (common {@link TokenBuckets}): {@code capacity} requests at
 * once, one more every {@code refill-every}.
 */
@ApplicationScoped
public class RateLimiter {
    private final TokenBuckets buckets;

    public RateLimiter(EmbedConfig config) {
        this.buckets = new TokenBuckets(config.rateLimit().capacity(), config.rateLimit().refillEvery());
    }

    /** True when the request may go ahead (and takes a token). */
    public boolean tryAcquire(String clientAddress, long webshopId) {
        return buckets.tryAcquire(clientAddress + "|" + webshopId);
    }

    /** Seconds until the next token, for Retry-After. */
    public long retryAfterSeconds() {
        return buckets.retryAfterSeconds();
    }
}
