package dev.shopreviews.ratings.review.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.ProcessedEvents;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.ratings.review.service.ReviewIntake;
import dev.shopreviews.ratings.review.service.ReviewValidator;
import dev.shopreviews.common.messaging.RetriedTransactions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Consumes {@code reviews.submitted}. Idempotent (event id); a refused event goes to {@code reviews.submitted.dlq}
 * with its reason through the outbox, in the transaction that records the event id, and the consumer goes on.
 */
@ApplicationScoped
public class ReviewSubmittedConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewSubmittedConsumer.class);

    private final ObjectMapper mapper;
    private final ProcessedEvents processed;
    private final ReviewIntake intake;
    private final Outbox outbox;

    public ReviewSubmittedConsumer(ObjectMapper mapper, ProcessedEvents processed, ReviewIntake intake, Outbox outbox) {
        this.mapper = mapper;
        this.processed = processed;
        this.intake = intake;
        this.outbox = outbox;
    }

    private record Parsed(ReviewSubmitted review, String eventId, Long webshopId, String problem) {
    }

    @Incoming("reviews-submitted")
    public Uni<Void> onReview(String json) {
        return RetriedTransactions.inTransaction("Record on reviews-submitted", () -> onReviewInTransaction(json));
    }

    private Uni<Void> onReviewInTransaction(String json) {
        Parsed parsed = parse(json);
        return processed.firstDelivery(parsed.eventId()).chain(first -> {
            if (!first) {
                LOG.debugf("Skipping redelivered review event %s", parsed.eventId());
                return Uni.createFrom().voidItem();
            }
            if (parsed.problem() != null) {
                return deadLetter(parsed, json, parsed.problem());
            }
            return WebshopReplica.<WebshopReplica>findById(parsed.review().webshopId()).chain(shop -> shop == null
                    ? deadLetter(parsed, json, "unknown webshop " + parsed.review().webshopId())
                    : intake.accept(parsed.review()).invoke(review -> LOG.infof(
                            "Review %d stored for webshop %d (verified %s, held %s, quarantine %s)", review.id,
                            review.webshopId, review.verified, review.held, review.quarantine)).replaceWithVoid());
        });
    }

    private Uni<Void> deadLetter(Parsed parsed, String json, String reason) {
        LOG.warnf("Refused review event %s: %s", parsed.eventId(), reason);
        DeadLetter letter = new DeadLetter(UUID.randomUUID().toString(), DeadLetter.TYPE, Instant.now(),
                parsed.webshopId(), parsed.eventId(), reason, json);
        String key = parsed.webshopId() == null ? "unknown" : String.valueOf(parsed.webshopId());
        return outbox.append(Topics.REVIEWS_SUBMITTED_DLQ, key, letter);
    }

    private Parsed parse(String json) {
        if (json == null || json.isBlank()) {
            return new Parsed(null, null, null, "empty record");
        }
        JsonNode tree;
        try {
            tree = mapper.readTree(json);
        } catch (Exception e) {
            return new Parsed(null, null, null, "malformed JSON");
        }
        if (tree == null || !tree.isObject()) {
            return new Parsed(null, null, null, "not a JSON object");
        }
        String eventId = dedupeId(tree.path("event_id"));
        Long webshopId = tree.path("webshop_id").canConvertToLong() ? tree.path("webshop_id").asLong() : null;
        String notIntegral = notIntegral(tree);
        if (notIntegral != null) {
            return new Parsed(null, eventId, webshopId, notIntegral + " must be an integer from 1 to 5");
        }
        ReviewSubmitted review;
        try {
            review = mapper.treeToValue(tree, ReviewSubmitted.class);
        } catch (Exception e) {
            return new Parsed(null, eventId, webshopId, "fields of the wrong type: " + firstLine(e.getMessage()));
        }
        Optional<String> refusal = ReviewValidator.refuse(review);
        return new Parsed(review, eventId, webshopId, refusal.orElse(null));
    }

    /** Ratings must be JSON integers: 4.5 or "4" are refused instead of being coerced. */
    private static String notIntegral(JsonNode tree) {
        if (!tree.path("rating").isIntegralNumber()) {
            return "rating";
        }
        for (String sub : new String[]{"shippingtime", "customerservice", "pricequality", "aftersale"}) {
            JsonNode value = tree.path("ratings").path(sub);
            if (!value.isMissingNode() && !value.isIntegralNumber()) {
                return "ratings." + sub;
            }
        }
        for (JsonNode product : tree.path("products")) {
            if (!product.path("rating").isIntegralNumber()) {
                return "product rating";
            }
        }
        return null;
    }

    /** The id to dedupe on; null (never deduplicated) when it is missing or does not fit the processed-event log. */
    private static String dedupeId(JsonNode node) {
        String id = node.isTextual() ? node.asText() : null;
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
