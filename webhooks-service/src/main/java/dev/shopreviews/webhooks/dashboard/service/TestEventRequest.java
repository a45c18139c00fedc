package dev.shopreviews.webhooks.dashboard.service;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.api.WrongType;
import dev.shopreviews.webhooks.subscription.service.SubscribeRequest;
import dev.shopreviews.webhooks.subscription.service.WebhookTopic;

/**
 * The body of the dashboard's test event: {@code {"topic": …}} with the topic messages of spec 4.9 (as subscribing);
 * common {@code RequestBodies} binds and checks it.
 */
@JsonRequest(notObject = SubscribeRequest.NOT_AN_OBJECT)
public record TestEventRequest(@WebhookTopic @WrongType(SubscribeRequest.TOPIC_UNKNOWN) String topic) {
}
