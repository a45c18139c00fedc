package dev.shopreviews.webhooks.subscription.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class SubscriptionRepository implements PanacheRepositoryBase<WebhookSubscription, Long> {

    /** The webshop's own subscription, or null (also for another shop's id). */
    public Uni<WebhookSubscription> ofWebshop(long webshopId, long webhookId) {
        return find("id = ?1 and webshopId = ?2", webhookId, webshopId).firstResult();
    }

    public Uni<List<WebhookSubscription>> allOf(long webshopId) {
        return list("webshopId", Sort.ascending("id"), webshopId);
    }

    public Uni<Long> countOf(long webshopId) {
        return count("webshopId", webshopId);
    }

    /** Cancels the pending deliveries of a subscription (it was deactivated: an inactive subscription gets nothing). */
    public Uni<Integer> cancelPending(long subscriptionId) {
        return getSession().chain(session -> session.createNativeQuery("""
                        update webhook_delivery set state = 'cancelled', next_attempt_at = null, last_error = 'subscription deactivated'
                        where subscription_id = ?1 and state = 'pending'""")
                .setParameter(1, subscriptionId)
                .executeUpdate());
    }
}
