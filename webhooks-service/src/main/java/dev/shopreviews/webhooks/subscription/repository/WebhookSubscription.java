package dev.shopreviews.webhooks.subscription.repository;

import java.time.Instant;

/**
 * A webshop's webhook subscription (spec 2.9), one row of {@code webhook_subscription}, read and written by
 * {@link SubscriptionRepository}. The secret is kept encrypted ({@code SecretCipher}).
 */
public class WebhookSubscription {
    public Long id;
    public long webshopId;
    public String url;
    /** host:port of the url, the key of the per-endpoint concurrency cap. */
    public String endpoint;
    public String topic;
    public boolean active;
    public String secretEncrypted;
    public Instant createdAt;
    public Instant updatedAt;
}
