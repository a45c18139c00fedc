package dev.shopreviews.webhooks.subscription.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.webhooks.config.WebhooksConfig;
import dev.shopreviews.webhooks.subscription.repository.SubscriptionRepository;
import dev.shopreviews.webhooks.subscription.repository.WebhookSubscription;
import dev.shopreviews.webhooks.destination.TargetGuard;
import dev.shopreviews.webhooks.destination.TargetRefused;
import dev.shopreviews.webhooks.destination.WebhookTarget;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * Creates, lists, (de)activates and deletes a webshop's subscriptions. A change that takes more than one statement
 * runs in one transaction opened here with {@code pool.withTransaction}; a single read runs on the pool.
 */
@ApplicationScoped
public class Subscriptions {
    private static final Logger LOG = Logger.getLogger(Subscriptions.class);
    public static final String NOT_FOUND = "Webhook not found.";
    public static final String TOO_MANY = "Too many webhook subscriptions for this webshop (maximum %d).";
    /** 32 random bytes: 256 bits. */
    private static final int SECRET_BYTES = 32;

    public record Created(WebhookSubscription subscription, String secret) {
    }

    /**
     * What the audit log keeps of a subscription: the endpoint's host:port, never the url's path or query (they may
     * hold the shop's own keys) and never the secret.
     */
    public record AuditedState(String endpoint, String topic, boolean active) {
        static AuditedState of(WebhookSubscription subscription) {
            return new AuditedState(subscription.endpoint, subscription.topic, subscription.active);
        }
    }

    private final Pool pool;
    private final SubscriptionRepository repository;
    private final TargetGuard guard;
    private final SecretCipher cipher;
    private final WebhooksConfig config;
    private final AuditLog audit;

    public Subscriptions(Pool pool, SubscriptionRepository repository, TargetGuard guard, SecretCipher cipher,
                         WebhooksConfig config, AuditLog audit) {
        this.audit = audit;
        this.pool = pool;
        this.repository = repository;
        this.guard = guard;
        this.cipher = cipher;
        this.config = config;
    }

    /** A new subscription (it receives every future review of its topic, with the reviewer's address); audited. */
    public Uni<Created> subscribe(Actor who, long webshopId, SubscribeRequest request) {
        WebhookTarget target;
        try {
            target = guard.parse(request.trimmedUrl());
        } catch (TargetRefused refused) {
            return Uni.createFrom().failure(EnvelopeException.invalid(refused.getMessage()));
        }
        return guard.vet(target)
                .onFailure(TargetRefused.class).transform(refused -> EnvelopeException.invalid(refused.getMessage()))
                .chain(() -> pool.withTransaction(connection -> repository.countOf(connection, webshopId)
                        .chain(count -> {
                            int max = config.webhooks().maxSubscriptionsPerWebshop();
                            if (count >= max) {
                                throw EnvelopeException.invalid(TOO_MANY.formatted(max));
                            }
                            return persist(connection, webshopId, request, target);
                        })
                        .call(created -> audit.record(connection, who, "webhook.subscribe",
                                "webhook:" + created.subscription().id, webshopId, null,
                                AuditedState.of(created.subscription())))));
    }

    private Uni<Created> persist(SqlClient client, long webshopId, SubscribeRequest request, WebhookTarget target) {
        String secret = Codes.random(SECRET_BYTES);
        WebhookSubscription subscription = new WebhookSubscription();
        subscription.webshopId = webshopId;
        subscription.url = request.trimmedUrl();
        subscription.endpoint = target.endpoint();
        subscription.topic = request.topic();
        subscription.active = request.active();
        subscription.secretEncrypted = cipher.encrypt(secret, webshopId);
        subscription.createdAt = Instant.now();
        subscription.updatedAt = subscription.createdAt;
        return repository.insert(client, subscription)
                .invoke(saved -> LOG.infof("Webshop %d subscribed webhook %d to %s (active %s)", webshopId, saved.id,
                        saved.topic, saved.active))
                .map(saved -> new Created(saved, secret));
    }

    public Uni<List<WebhookSubscription>> list(long webshopId) {
        return repository.allOf(pool, webshopId);
    }

    /** Sets is_active; deactivating cancels the subscription's pending deliveries. Audited (a repeat too). */
    public Uni<WebhookSubscription> setActive(Actor who, long webshopId, String webhookId, boolean active) {
        return pool.withTransaction(connection -> find(connection, webshopId, webhookId).chain(subscription -> {
            AuditedState before = AuditedState.of(subscription);
            boolean changed = subscription.active != active;
            subscription.active = active;
            subscription.updatedAt = Instant.now();
            return repository.updateActive(connection, subscription)
                    .chain(() -> changed && !active ? repository.cancelPending(connection, subscription.id)
                            : Uni.createFrom().item(0))
                    .invoke(count -> LOG.infof("Webhook %d of webshop %d set active=%s (%d pending deliveries cancelled)",
                            subscription.id, webshopId, active, count))
                    .call(() -> audit.record(connection, who, active ? "webhook.activate" : "webhook.deactivate",
                            "webhook:" + subscription.id, webshopId, before, AuditedState.of(subscription)))
                    .replaceWith(subscription);
        }));
    }

    /** Deletes the subscription and its delivery log; audited. */
    public Uni<Void> delete(Actor who, long webshopId, String webhookId) {
        return pool.withTransaction(connection -> find(connection, webshopId, webhookId)
                .chain(subscription -> repository.delete(connection, subscription.id)
                        .invoke(() -> LOG.infof("Webhook %d of webshop %d deleted", subscription.id, webshopId))
                        .call(() -> audit.record(connection, who, "webhook.delete", "webhook:" + subscription.id,
                                webshopId, AuditedState.of(subscription), null))));
    }

    /** The shop's own subscription; anything else (unknown, another shop's, not a number) is 404. */
    public Uni<WebhookSubscription> find(long webshopId, String webhookId) {
        return find(pool, webshopId, webhookId);
    }

    private Uni<WebhookSubscription> find(SqlClient client, long webshopId, String webhookId) {
        Long id = parseId(webhookId);
        if (id == null) {
            return Uni.createFrom().failure(EnvelopeException.notFound(NOT_FOUND));
        }
        return repository.ofWebshop(client, webshopId, id).map(found -> {
            if (found == null) {
                throw EnvelopeException.notFound(NOT_FOUND);
            }
            return found;
        });
    }

    public static Long parseId(String text) {
        if (text == null || text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        return Long.parseLong(text);
    }
}
