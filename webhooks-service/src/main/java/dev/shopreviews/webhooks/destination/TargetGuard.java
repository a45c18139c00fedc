package dev.shopreviews.webhooks.destination;

import dev.shopreviews.webhooks.config.WebhooksConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;

/**
 * {@link TargetPolicy} with the configured rules and the system resolver, for reactive callers: DNS lookups run
 * on a worker thread and the result comes back on the caller's Vert.x context.
 */
@ApplicationScoped
public class TargetGuard {
    private final TargetPolicy policy;
    private final Vertx vertx;

    public TargetGuard(WebhooksConfig config, SystemHostResolver resolver, Vertx vertx) {
        this.policy = new TargetPolicy(config.webhooks().requireHttps(), config.webhooks().allowLoopback(), resolver::resolve);
        this.vertx = vertx;
    }

    /** Parses the URL text (no lookup); fails with {@link TargetRefused}. */
    public WebhookTarget parse(String url) throws TargetRefused {
        return policy.parse(url);
    }

    /** Resolves and checks the target; answers the address to connect to, or fails with {@link TargetRefused}. */
    public Uni<InetAddress> vet(WebhookTarget target) {
        if (target.literal() != null) {
            try {
                return Uni.createFrom().item(policy.vet(target));
            } catch (TargetRefused refused) {
                return Uni.createFrom().failure(refused);
            }
        }
        return vertx.executeBlocking(() -> policy.vet(target), false);
    }
}
