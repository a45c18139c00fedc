package dev.shopreviews.webhooks.subscription.rest;

import dev.shopreviews.common.api.PathErrorBody;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The error bodies of the subscription list (webhooks: []) and the delivery log (deliveries: []), also for errors found
 * before they run (refused query parameters or credentials).
 */
@Singleton
public class ErrorBodies {
    @Produces
    @Singleton
    PathErrorBody list() {
        return new PathErrorBody("/api/1.0/webhooks/list.json", WebhookAnswers.SubscriptionList::error);
    }

    @Produces
    @Singleton
    PathErrorBody deliveries() {
        return new PathErrorBody("/api/1.0/webhooks/{webhookId}/deliveries.json", WebhookAnswers.Deliveries::error);
    }
}
