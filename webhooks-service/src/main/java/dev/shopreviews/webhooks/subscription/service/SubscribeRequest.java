package dev.shopreviews.webhooks.subscription.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.api.WhenMissing;
import dev.shopreviews.common.api.WrongType;
import dev.shopreviews.common.events.Topics;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The JSON body of spec 4.9: url (required, one line), topic (required), is_active (boolean, default true), bound
 * and checked by common {@code RequestBodies} in that order with the spec's messages ({@link WebhookUrl},
 * {@link WebhookTopic}): the first refused field answers. Unknown fields are ignored. The names on the components are
 * the body's (they document it in the OpenAPI document).
 */
@JsonRequest(notObject = SubscribeRequest.NOT_AN_OBJECT)
public record SubscribeRequest(
        @WebhookUrl @WrongType(SubscribeRequest.URL_NOT_TEXT) String url,
        @WebhookTopic @WrongType(SubscribeRequest.TOPIC_UNKNOWN) String topic,
        @JsonProperty("is_active") @WhenMissing("true") @WrongType(SubscribeRequest.ACTIVE_NOT_BOOLEAN)
        @Schema(defaultValue = "true") boolean active) {
    public static final List<String> TOPICS = List.of(Topics.REVIEWS_CREATED.name(), Topics.REVIEWS_UPDATED.name(),
            Topics.REVIEWS_DELETED.name());
    public static final String NOT_AN_OBJECT = "Request body must be a JSON object.";
    public static final String URL_REQUIRED = "url is required.";
    public static final String URL_NOT_TEXT = "url must be a string.";
    public static final String TOPIC_REQUIRED = "topic is required.";
    public static final String TOPIC_UNKNOWN = "topic must be one of reviews.created, reviews.updated, reviews.deleted.";
    public static final String ACTIVE_NOT_BOOLEAN = "is_active must be a boolean.";

    /** The url as checked and stored. */
    public String trimmedUrl() {
        return url.trim();
    }
}
