package dev.shopreviews.embed.links.service;

import dev.shopreviews.common.web.TokenBuckets;
import dev.shopreviews.embed.config.EmbedConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Who may wait for a review link that is not announced yet ({@link ReviewLinks#awaitAnnounced}): a client address
 * needs a token of its bucket ({@code shopreviews.link-wait.per-client}, one back every {@code refill-every}) and the
 * process a free place ({@code max-waiting}). Made-up references thus cost an attacker his own waits, never more
 * than a bounded number of held requests.
 */
@ApplicationScoped
public class LinkWaits {
    private final TokenBuckets perClient;
    private final int maxWaiting;
    private final AtomicInteger waiting = new AtomicInteger();

    @Inject
    public LinkWaits(EmbedConfig config) {
        this(config.linkWait().perClient(), config.linkWait().refillEvery(), config.linkWait().maxWaiting());
    }

    LinkWaits(int perClient, Duration refillEvery, int maxWaiting) {
        this.perClient = new TokenBuckets(perClient, refillEvery);
        this.maxWaiting = maxWaiting;
    }

    /** True when {@code client} may wait now; it then holds a place until {@link #release()}. */
    public boolean admit(String client) {
        if (waiting.incrementAndGet() > maxWaiting || !perClient.tryAcquire(client)) {
            waiting.decrementAndGet();
            return false;
        }
        return true;
    }

    public void release() {
        waiting.decrementAndGet();
    }
}
