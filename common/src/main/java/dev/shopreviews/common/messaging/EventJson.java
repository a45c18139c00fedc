package dev.shopreviews.common.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.ReviewLinkEvent;
import dev.shopreviews.common.input.TextInput;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The one JSON form of every event: the outbox writes it, {@link EventDeserializer} and dead-letter replays read it.
 * Reading is strict (a rating of 4.5 or "4" is not coerced to an int) and refuses text no field may hold
 * ({@link TextInput#jsonProblem}); unknown fields are ignored, so a producer may add one before its consumers know it.
 * Each text field is read with its own kind: free text ({@link TextInput.Kind#TEXT}) unless {@link #SINGLE_LINE}
 * names it for the event type, as the edges that took the value do (names, e-mail addresses, order numbers: common
 * {@code rules}), so a line feed in a name is refused with the edge's text ("Invalid value for name: must be a single
 * line.") and dead-lettered, never stored. Only events carrying values an edge took from outside are listed; the
 * rest (stored reviews, snapshots) are written from data their producer already checked. {@code reviews.submitted}
 * is not listed either: its consumer applies the whole field rules ({@code rules.ReviewSubmission}, one line for name,
 * e-mail address, order number, country, language) with the reasons its dead letters have always had.
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

    /** Per event type, the JSON paths (dots into objects) of fields that must be one line; every other text may be free text. */
    static final Map<Class<?>, List<String>> SINGLE_LINE = Map.of(
            ConsentRecorded.class, List.of("event_id", "type", "order_number", "choice", "email", "first_name"),
            OrderConfirmed.class, List.of("event_id", "type", "order_number", "email"),
            ReviewLinkEvent.class, List.of("event_id", "type", "ref_hash", "link.order_number", "link.email",
                    "link.customer_name", "link.language"));

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
        if (text == null) {
            text = singleLineProblem(topic.type(), tree);
        }
        if (text != null) {
            throw new UnusableRecord(text);
        }
        try {
            return MAPPER.treeToValue(tree, topic.type());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new UnusableRecord("malformed " + topic.name() + " event: " + Failures.describe(e));
        }
    }

    /** The first single-line field of {@code type} holding a line break or tab, as the edges word it; null when none. */
    private static String singleLineProblem(Class<?> type, JsonNode tree) {
        for (String path : SINGLE_LINE.getOrDefault(type, List.of())) {
            JsonNode node = tree;
            for (String name : path.split("\\.")) {
                node = node == null || !node.isObject() ? null : node.get(name);
            }
            if (node != null && node.isTextual()) {
                String why = TextInput.problem(node.textValue(), TextInput.Kind.LINE);
                if (why != null) {
                    return TextInput.invalid(path, why);
                }
            }
        }
        return null;
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
