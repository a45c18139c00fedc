package dev.shopreviews.webhooks.subscription.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.webhooks.delivery.repository.DeliveryView;
import dev.shopreviews.webhooks.delivery.repository.Redelivery;
import dev.shopreviews.webhooks.subscription.repository.WebhookSubscription;
import dev.shopreviews.webhooks.subscription.service.Subscriptions;

import java.util.List;

/** The bodies of the webhook endpoints: status and message first, then the endpoint's own field. */
public final class WebhookAnswers {
    private WebhookAnswers() {
    }

    /** Spec 4.9: the new subscription with its signing secret (shown only now). */
    @JsonPropertyOrder({"status", "message", "data"})
    public record Created(String status, String message, NewSubscription data) {
        static Created of(Subscriptions.Created created) {
            WebhookSubscription subscription = created.subscription();
            return new Created(Messages.SUCCESS, SubscriptionsResource.CREATED,
                    new NewSubscription(subscription.id, subscription.url, subscription.topic, created.secret()));
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webhook_id", "url", "topic", "secret"})
    public record NewSubscription(@JsonProperty("webhook_id") Long webhookId, String url, String topic, String secret) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webhook_id", "url", "topic", "is_active", "created"})
    public record Subscription(@JsonProperty("webhook_id") Long webhookId, String url, String topic,
                               @JsonProperty("is_active") boolean active, String created) {
        static Subscription of(WebhookSubscription subscription) {
            return new Subscription(subscription.id, subscription.url, subscription.topic, subscription.active,
                    Times.datetime(subscription.createdAt));
        }
    }

    /** The webshop's subscriptions; an empty list on error. */
    @JsonPropertyOrder({"status", "message", "webhooks"})
    public record SubscriptionList(String status, String message, List<Subscription> webhooks) {
        static SubscriptionList of(List<Subscription> webhooks) {
            return new SubscriptionList(Messages.SUCCESS, SubscriptionsResource.LISTED, webhooks);
        }

        public static SubscriptionList error(String message) {
            return new SubscriptionList(Messages.ERROR, message, List.of());
        }
    }

    /** A subscription after activate or deactivate. */
    @JsonPropertyOrder({"status", "message", "data"})
    public record Changed(String status, String message, Subscription data) {
    }

    /** One page of a subscription's delivery log, newest first; an empty list on error. */
    @JsonPropertyOrder({"status", "message", "deliveries"})
    public record Deliveries(String status, String message, List<DeliveryView> deliveries) {
        static Deliveries of(List<DeliveryView> deliveries) {
            return new Deliveries(Messages.SUCCESS, SubscriptionsResource.DELIVERIES, deliveries);
        }

        static Deliveries error(String message) {
            return new Deliveries(Messages.ERROR, message, List.of());
        }
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record RedeliveryScheduled(String status, String message, Redelivery data) {
        static RedeliveryScheduled of(Redelivery redelivery) {
            return new RedeliveryScheduled(Messages.SUCCESS, SubscriptionsResource.REDELIVERY, redelivery);
        }
    }
}
