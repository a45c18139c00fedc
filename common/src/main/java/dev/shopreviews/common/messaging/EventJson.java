package dev.shopreviews.common.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.input.TextInput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The one JSON form of every event: the outbox writes it, {@link EventDeserializer} and dead-letter replays read it.
 * Reading is strict (a rating of 4.5 or "4" is not coerced to an int) and refuses text no field may hold
 * ({@link TextInput#jsonProblem}); unknown fields are ignored, so a producer may add one before its consumers know it.
 */
public final class EventJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();

    private EventJson() {
    }

    /** The event as the topic's type; an unreadable value is an {@link UnusableRecord} saying why. */
    public static <E> E read(EventTopic<E> topic, byte[] json) {
        if (json == null || json.length == 0) {
            throw new UnusableRecord("empty " + topic.name() + " event");
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UnusableRecord("malformed JSON");
        }
        if (tree == null || !tree.isObject()) {
            throw new UnusableRecord("not a JSON object");
        }
        String text = TextInput.jsonProblem(tree);
        if (text != null) {
            throw new UnusableRecord(text);
        }
        try {
            return MAPPER.treeToValue(tree, topic.type());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new UnusableRecord("malformed " + topic.name() + " event: " + Failures.describe(e));
        }
    }

    public static <E> E read(EventTopic<E> topic, String json) {
        return read(topic, json == null ? null : json.getBytes(StandardCharsets.UTF_8));
    }

    public static String write(Object event) {
        try {
            return MAPPER.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Event cannot be written as JSON: " + event.getClass().getName(), e);
        }
    }
}
