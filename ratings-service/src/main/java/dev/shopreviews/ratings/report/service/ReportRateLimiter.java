package dev.shopreviews.ratings.report.service;

import dev.shopreviews.common.web.TokenBuckets;
import dev.shopreviews.ratings.config.RatingsConfig;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Visitors' reports per client address (common {@link TokenBuckets}, as embed-service's browser POSTs):
 * {@code capacity} reports at once, one more every {@code refill-every}.
 */
@ApplicationScoped
public class ReportRateLimiter {
    private final TokenBuckets buckets;

    public ReportRateLimiter(RatingsConfig config) {
        this.buckets = new TokenBuckets(config.visitorReports().capacity(), config.visitorReports().refillEvery());
    }

    /** True when the request may go ahead (and takes a token). */
    public boolean tryAcquire(String client) {
        return buckets.tryAcquire(client);
    }

    /** Seconds until the next token, for Retry-After. */
    public long retryAfterSeconds() {
        return buckets.retryAfterSeconds();
    }
}
