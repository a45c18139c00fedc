package dev.shopreviews.webhooks.subscription.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.events.Topics;

import java.util.List;

/**
 * The JSON body of spec 4.9: url (required), topic (required), is_active (boolean, default true). The names on the
 * components are the body's (they document it in the OpenAPI document).
 */
public record SubscribeRequest(String url, String topic, @JsonProperty("is_active") boolean active) {
    public static final List<String> TOPICS = List.of(Topics.REVIEWS_CREATED.name(), Topics.REVIEWS_UPDATED.name(),
            Topics.REVIEWS_DELETED.name());
    public static final String NOT_AN_OBJECT = "Request body must be a JSON object.";
    public static final String URL_REQUIRED = "url is required.";
    public static final String URL_NOT_TEXT = "url must be a string.";
    public static final String TOPIC_REQUIRED = "topic is required.";
    public static final String TOPIC_UNKNOWN = "topic must be one of reviews.created, reviews.updated, reviews.deleted.";
    public static final String ACTIVE_NOT_BOOLEAN = "is_active must be a boolean.";

    public static SubscribeRequest parse(String body, ObjectMapper mapper) {
        JsonNode json = JsonBodies.object(mapper, body, NOT_AN_OBJECT, NOT_AN_OBJECT);
        return new SubscribeRequest(url(json.get("url")), topic(json.get("topic")), active(json.get("is_active")));
    }

    private static String url(JsonNode node) {
        if (node == null || node.isNull() || (node.isTextual() && node.asText().isBlank())) {
            throw EnvelopeException.invalid(URL_REQUIRED);
        }
        if (!node.isTextual()) {
            throw EnvelopeException.invalid(URL_NOT_TEXT);
        }
        String why = TextInput.problem(node.asText(), TextInput.Kind.LINE);
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid("url", why));
        }
        return node.asText().trim();
    }

    /** The topic field of a body, with the messages of spec 4.9 (also the dashboard's test event). */
    public static String topic(JsonNode node) {
        if (node == null || node.isNull() || (node.isTextual() && node.asText().isBlank())) {
            throw EnvelopeException.invalid(TOPIC_REQUIRED);
        }
        if (!node.isTextual() || !TOPICS.contains(node.asText())) {
            throw EnvelopeException.invalid(TOPIC_UNKNOWN);
        }
        return node.asText();
    }

    private static boolean active(JsonNode node) {
        if (node == null) {
            return true;
        }
        if (!node.isBoolean()) {
            throw EnvelopeException.invalid(ACTIVE_NOT_BOOLEAN);
        }
        return node.booleanValue();
    }
}
