package dev.shopreviews.ratings.review.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.messaging.ConsumedRecords;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.ratings.review.service.ReviewValidator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads a {@code reviews.submitted} record; never throws: a bad record comes back refused with its reason. A record
 * the event deserializer could not read (common EventJson: strict, so 4.5 or "4" for a rating fail there) is read
 * again from its raw bytes here, to say why and to find its event id (so a redelivery is still recognised).
 */
@ApplicationScoped
public class SubmissionParser {
    private final ObjectMapper mapper;

    public SubmissionParser(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public Submission parse(ConsumerRecord<String, ReviewSubmitted> source) {
        ReviewSubmitted review = source.value();
        if (review == null) {
            String failure;
            try {
                ConsumedRecords.event(source);
                failure = "empty record";
            } catch (UnusableRecord unusable) {
                failure = unusable.getMessage();
            }
            return refused(ConsumedRecords.rawValue(source), failure, source);
        }
        String eventId = dedupeId(review.eventId());
        Optional<String> refusal = ReviewValidator.refuse(review);
        return new Submission(review, eventId, review.webshopId(), refusal.orElse(null), source);
    }

    /** A dead letter's payload, read as the consumer reads a record ({@code offset} -1 marks it a replay). */
    public Submission parseReplay(String payload) {
        ReviewSubmitted review = null;
        String failure = null;
        try {
            review = EventJson.read(Topics.REVIEWS_SUBMITTED, payload);
        } catch (UnusableRecord unusable) {
            failure = unusable.getMessage();
        }
        ConsumerRecord<String, ReviewSubmitted> source =
                new ConsumerRecord<>(Topics.REVIEWS_SUBMITTED.name(), 0, -1L, null, review);
        return review != null ? parse(source)
                : refused(payload == null ? null : payload.getBytes(StandardCharsets.UTF_8), failure, source);
    }

    private Submission refused(byte[] raw, String failure, ConsumerRecord<String, ReviewSubmitted> source) {
        if (raw == null || new String(raw, StandardCharsets.UTF_8).isBlank()) {
            return new Submission(null, null, null, "empty record", source);
        }
        JsonNode tree;
        try {
            tree = mapper.readTree(raw);
        } catch (Exception e) {
            return new Submission(null, null, null, "malformed JSON", source);
        }
        if (tree == null || !tree.isObject()) {
            return new Submission(null, null, null, "not a JSON object", source);
        }
        String eventId = dedupeId(tree.path("event_id").isTextual() ? tree.path("event_id").asText() : null);
        Long webshopId = tree.path("webshop_id").canConvertToLong() ? tree.path("webshop_id").asLong() : null;
        String text = TextInput.jsonProblem(tree);
        if (text != null) {
            return new Submission(null, eventId, webshopId, text, source);
        }
        String notIntegral = notIntegral(tree);
        if (notIntegral != null) {
            return new Submission(null, eventId, webshopId, notIntegral + " must be an integer from 1 to 5", source);
        }
        return new Submission(null, eventId, webshopId, "fields of the wrong type: " + firstLine(failure), source);
    }

    /** Ratings must be JSON integers within int range: 4.5, "4" or 4294967301 are refused instead of being coerced. */
    private static String notIntegral(JsonNode tree) {
        if (!whole(tree.path("rating"))) {
            return "rating";
        }
        for (String sub : new String[]{"shippingtime", "customerservice", "pricequality", "aftersale"}) {
            JsonNode value = tree.path("ratings").path(sub);
            if (!value.isMissingNode() && !whole(value)) {
                return "ratings." + sub;
            }
        }
        for (JsonNode product : tree.path("products")) {
            if (!whole(product.path("rating"))) {
                return "product rating";
            }
        }
        return null;
    }

    /** A JSON integer that fits an int (4294967301 is refused, never wrapped to 5). */
    private static boolean whole(JsonNode value) {
        return value.isIntegralNumber() && value.canConvertToInt();
    }

    /** The id to dedupe on; null (never deduplicated) when it is missing or does not fit the processed-event log. */
    private static String dedupeId(String id) {
        return id == null || id.isBlank() || id.length() > ReviewValidator.MAX_EVENT_ID ? null : id;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) : line;
    }
}
