package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.OrderConfirmed;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Webshops and reviews arrive as they do in production: as events on the real broker. */
public final class Fixtures {
    public static final ObjectMapper MAPPER = new ObjectMapper().findAndRegisterModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    public record Shop(long id, String code, String publicCode) {
    }

    private Fixtures() {
    }

    public static Shop webshop(boolean replyAccess) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        String code = Codes.random(16);
        String publicCode = Codes.random(8);
        WebshopSnapshot snapshot = new WebshopSnapshot(UUID.randomUUID().toString(), WebshopSnapshot.TYPE, Instant.now(),
                id, 1, Codes.sha256Hex(code), publicCode, "Fixture Shop " + id, "https://shop" + id + ".example/", "nl",
                List.of("nl", "en"), replyAccess, true, List.of("shop" + id + ".example"),
                new WebshopSnapshot.Address("Damrak", "1", "1012 LG", "Amsterdam", "Netherlands"),
                "https://shop" + id + ".example/favicon.png", "#003366", null, null, Map.of(), Instant.now());
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(id), json(snapshot));
        await().atMost(Duration.ofSeconds(30)).until(() -> given().queryParam("id", id).queryParam("code", code)
                .get("/api/1.0/ratings_summary.json").statusCode() == 200);
        return new Shop(id, code, publicCode);
    }

    /** A valid submitted review; tweak it with {@link ReviewSubmitted}'s copy helpers below. */
    public static ReviewSubmitted review(Shop shop, String origin) {
        return new ReviewSubmitted(UUID.randomUUID().toString(), ReviewSubmitted.TYPE, Instant.now(), shop.id(), origin,
                ReviewSubmitted.ORIGIN_INVITATION.equals(origin) ? ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE) : null, "order-" + UUID.randomUUID().toString().substring(0, 8),
                "Jan Jansen", "jan." + UUID.randomUUID().toString().substring(0, 6) + "@example.com", "NL", "nl", 4,
                new SubRatings(5, 4, 3, 4), "Snel geleverd en goed verpakt, " + letters(16), List.of(),
                "10.0." + ThreadLocalRandom.current().nextInt(256) + "." + ThreadLocalRandom.current().nextInt(256)
                        + "-" + UUID.randomUUID().toString().substring(0, 4));
    }

    public static ReviewSubmitted withComment(ReviewSubmitted r, String comment) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                r.orderNumber(), r.name(), r.email(), r.country(), r.language(), r.rating(), r.ratings(), comment,
                r.products(), r.clientAddress());
    }

    public static ReviewSubmitted withRatings(ReviewSubmitted r, int rating, SubRatings ratings) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                r.orderNumber(), r.name(), r.email(), r.country(), r.language(), rating, ratings, r.comment(),
                r.products(), r.clientAddress());
    }

    public static ReviewSubmitted withLanguage(ReviewSubmitted r, String language) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                r.orderNumber(), r.name(), r.email(), r.country(), language, r.rating(), r.ratings(), r.comment(),
                r.products(), r.clientAddress());
    }

    public static ReviewSubmitted withClient(ReviewSubmitted r, String clientAddress) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                r.orderNumber(), r.name(), r.email(), r.country(), r.language(), r.rating(), r.ratings(), r.comment(),
                r.products(), clientAddress);
    }

    public static ReviewSubmitted withProducts(ReviewSubmitted r, List<ReviewSubmitted.ProductReview> products) {
        return new ReviewSubmitted(r.eventId(), r.type(), r.occurredAt(), r.webshopId(), r.origin(), r.invitationId(),
                r.orderNumber(), r.name(), r.email(), r.country(), r.language(), r.rating(), r.ratings(), r.comment(),
                products, r.clientAddress());
    }

    public static void submit(ReviewSubmitted review) {
        KafkaTestClient.send(Topics.REVIEWS_SUBMITTED.name(), String.valueOf(review.webshopId()), json(review));
    }

    /** Sends the reviews as one burst: one producer, sent back to back, flushed at the end (they arrive as batches). */
    public static void submitAll(List<ReviewSubmitted> reviews) {
        Properties props = KafkaTestClient.properties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            List<Future<RecordMetadata>> sent = reviews.stream().map(review -> producer.send(new ProducerRecord<>(
                    Topics.REVIEWS_SUBMITTED.name(), String.valueOf(review.webshopId()), json(review)))).toList();
            producer.flush();
            for (Future<RecordMetadata> ack : sent) {
                ack.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException("Could not send the burst to " + Topics.REVIEWS_SUBMITTED.name(), e);
        }
    }

    /** Sends a raw record value (for malformed events). */
    public static void submitRaw(long webshopId, String value) {
        KafkaTestClient.send(Topics.REVIEWS_SUBMITTED.name(), String.valueOf(webshopId), value);
    }

    /** The shop's confirmation of the order for this e-mail address (it added the invitation for it). */
    public static void confirmOrder(Shop shop, String orderNumber, String email) {
        KafkaTestClient.send(Topics.ORDERS_CONFIRMED.name(), String.valueOf(shop.id()), json(new OrderConfirmed(
                UUID.randomUUID().toString(), OrderConfirmed.TYPE, Instant.now(), shop.id(), orderNumber, email)));
    }

    /** The shop's own view (id+code) of its reviews, newest first, up to 100. */
    public static JsonPath ratings(Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("limit", 100)
                .get("/api/1.0/ratings.json").then().statusCode(200).extract().jsonPath();
    }

    /** Waits until the shop's own view holds a review with this e-mail address; answers it. */
    public static Map<String, Object> awaitReview(Shop shop, String email) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> find(shop, r -> email.equals(r.get("email"))),
                Optional::isPresent).orElseThrow();
    }

    public static Optional<Map<String, Object>> find(Shop shop, Predicate<Map<String, Object>> match) {
        List<Map<String, Object>> items = ratings(shop).getList("ratings");
        return items.stream().filter(match).findFirst();
    }

    /** A unique text without digits, so it never looks like a phone number to the quarantine rules. */
    public static String letters(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append((char) ('a' + ThreadLocalRandom.current().nextInt(26)));
        }
        return text.toString();
    }

    public static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }
}
