package dev.shopreviews.webhooks.subscription.rest;

import dev.shopreviews.common.api.PathErrorBody;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The error body of the subscription list (webhooks: []), also for errors found before it runs (QueryParameterGuard). */
@Singleton
public class ErrorBodies {
    @Produces
    @Singleton
    PathErrorBody list() {
        return new PathErrorBody("/api/1.0/webhooks/list.json", WebhookAnswers.SubscriptionList::error);
    }
}
