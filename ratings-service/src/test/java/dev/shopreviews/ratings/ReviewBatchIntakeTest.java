package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.PolledRecords;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.ratings.review.messaging.ReviewSubmittedConsumer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * reviews.submitted is consumed in batches, one transaction each: every review stored once, the quarantine rules
 * see the reviews stored earlier in the same batch, and a webshop's summary is announced once per batch.
 */
@QuarkusTest
class ReviewBatchIntakeTest {
    private static final String DUPLICATE = "duplicate text from the same webshop";
    private static final String BURST = "burst: more than 3 reviews from one client address within PT1H";

    @Inject
    ReviewSubmittedConsumer consumer;

    @Inject
    Vertx vertx;

    @Test
    void aBurstOfReviewsForOneWebshopIsStoredOnceWithFarFewerSummariesThanReviews() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        List<ReviewSubmitted> reviews = new ArrayList<>(IntStream.range(0, 300)
                .mapToObj(i -> Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION)).toList());
        String text = "Dezelfde tekst in dezelfde golf " + Fixtures.letters(12);
        reviews.set(149, Fixtures.withComment(reviews.get(149), text));
        reviews.set(150, Fixtures.withComment(reviews.get(150), "  " + text.toUpperCase() + " "));
        List<ReviewSubmitted> burst = new ArrayList<>(reviews);
        burst.addAll(160, reviews.subList(100, 120));
        ReviewSubmitted barrier = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        burst.add(barrier);

        Fixtures.submitAll(burst);

        Fixtures.awaitReview(shop, barrier.email());
        assertEquals(301, Fixtures.ratings(shop).getInt("total"), "each review once, redelivered ones too");
        assertEquals(301, Db.count("select count(distinct source_event_id) from review where webshop_id = ?", shop.id()));
        assertEquals(new Flags(false, false, null), flags(shop, reviews.get(149).email()));
        assertEquals(new Flags(true, false, DUPLICATE), flags(shop, reviews.get(150).email()));
        assertEquals(300, summaryAmount(shop), "all but the duplicate are published");

        List<JsonNode> summaries = summariesUntilAmount(shop, 300);
        assertTrue(summaries.size() < 100, "a summary per batch, not per review: " + summaries.size() + " summaries");
        assertEquals(301, KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 301, Duration.ofSeconds(60)).size(),
                "every stored review announced");
    }

    @Test
    void duplicateTextAndBurstWithinOneBatchAreQuarantinedAndTheBatchAnnouncesOneSummary() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        List<ReviewSubmitted> reviews = new ArrayList<>(IntStream.range(0, 200)
                .mapToObj(i -> Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM)).toList());
        String text = "Precies dezelfde tekst in een batch " + Fixtures.letters(12);
        reviews.set(10, Fixtures.withComment(reviews.get(10), text));
        reviews.set(11, Fixtures.withComment(reviews.get(11), "  " + text.toUpperCase()));
        String client = "batch-burst-" + Fixtures.letters(8);
        for (int i = 20; i < 24; i++) {
            reviews.set(i, Fixtures.withClient(reviews.get(i), client));
        }
        reviews.set(50, Fixtures.review(shop, ReviewSubmitted.ORIGIN_POPUP));
        String marker = Fixtures.letters(16);
        ReviewSubmitted invalid = Fixtures.withRatings(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), 6, new SubRatings(5, 5, 5, 5));
        ReviewSubmitted ghost = Fixtures.review(new Fixtures.Shop(4_343_434_343_434L, "x", "y"), ReviewSubmitted.ORIGIN_FORM);

        List<String> batch = new ArrayList<>(reviews.stream().map(Fixtures::json).toList());
        batch.add(30, Fixtures.json(reviews.get(5)));
        batch.add(40, "{" + marker + " is no JSON");
        batch.add(41, Fixtures.json(invalid));
        batch.add(42, Fixtures.json(ghost));

        inOneBatch(batch);

        assertEquals(200, Db.count("select count(*) from review where webshop_id = ?", shop.id()), "each review once");
        assertEquals(new Flags(false, false, null), flags(shop, reviews.get(10).email()));
        assertEquals(new Flags(true, false, DUPLICATE), flags(shop, reviews.get(11).email()));
        for (int i = 20; i < 23; i++) {
            assertEquals(new Flags(false, false, null), flags(shop, reviews.get(i).email()));
        }
        assertEquals(new Flags(true, false, BURST), flags(shop, reviews.get(23).email()));
        assertEquals(new Flags(false, true, null), flags(shop, reviews.get(50).email()));
        assertEquals(197, summaryAmount(shop), "200 less two quarantined and one held");

        List<ConsumerRecord<String, String>> first = KafkaTestClient.await(Topics.RATINGS_SUMMARY.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 1, Duration.ofSeconds(60));
        assertEquals(197, Fixtures.MAPPER.readTree(first.get(0).value()).get("amount").asLong(),
                "the webshop's first summary is the one at the end of the batch");
        assertEquals("malformed JSON", deadLetterReason(marker));
        assertEquals("rating must be an integer from 1 to 5", deadLetterReason(invalid.eventId()));
        assertEquals("unknown webshop 4343434343434", deadLetterReason(ghost.eventId()));

        inOneBatch(batch);

        assertEquals(200, Db.count("select count(*) from review where webshop_id = ?", shop.id()), "a redelivered batch stores nothing");
        assertEquals(197, summaryAmount(shop));
    }

    @Test
    void aBatchAnnouncesItsReviewsOnReviewsCreatedInTheOrderItStoredThem() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        List<ReviewSubmitted> reviews = IntStream.range(0, 60)
                .mapToObj(i -> Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION)).toList();

        inOneBatch(reviews.stream().map(Fixtures::json).toList());

        List<ConsumerRecord<String, String>> created = KafkaTestClient.await(Topics.REVIEWS_CREATED.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 60, Duration.ofSeconds(60));
        List<String> announced = new ArrayList<>();
        long previousId = 0;
        for (ConsumerRecord<String, String> record : created) {
            JsonNode review = Fixtures.MAPPER.readTree(record.value()).get("review");
            announced.add(review.get("email").asText());
            long id = review.get("id").asLong();
            assertTrue(id > previousId, "review ids rise in announcement order: " + id + " after " + previousId);
            previousId = id;
        }
        assertEquals(reviews.stream().map(ReviewSubmitted::email).toList(), announced);
    }

    @Test
    void eventsAnotherConsumerRecordsWhileTheBatchRunsAreNotStoredTwice() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted taken = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        ReviewSubmitted free = Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION);
        try (var other = Db.connect()) {
            // Another consumer instance has recorded the first event but not committed yet: the batch cannot see it,
            // and its insert of the batch's event ids waits for that commit.
            other.setAutoCommit(false);
            try (var insert = other.prepareStatement("insert into processed_event(event_id, processed_at) values (?, now())")) {
                insert.setString(1, taken.eventId());
                insert.executeUpdate();
            }
            CompletableFuture<Void> committed = startBatch(List.of(Fixtures.json(taken), Fixtures.json(free)));
            await().atMost(Duration.ofSeconds(30)).until(() -> Db.count(
                    "select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' "
                            + "and query like 'insert into processed_event%'") > 0);
            assertFalse(committed.isDone(), "the batch waits for the other consumer's transaction");
            other.commit();
            committed.get(3, TimeUnit.MINUTES);
        }

        assertEquals(0, Db.count("select count(*) from review where webshop_id = ? and email = ?", shop.id(), taken.email()),
                "the other consumer's event is left to it");
        assertEquals(1, Db.count("select count(*) from review where webshop_id = ? and email = ?", shop.id(), free.email()));
    }

    /** Hands the records to the consumer as Kafka does with one polled batch, on a Vert.x context; waits for the commit. */
    private void inOneBatch(List<String> records) throws Exception {
        startBatch(records).get(3, TimeUnit.MINUTES);
    }

    private CompletableFuture<Void> startBatch(List<String> records) {
        CompletableFuture<Void> committed = new CompletableFuture<>();
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        context.runOnContext(ignored -> consumer.onReviews(polled(records)).subscribe()
                .with(committed::complete, committed::completeExceptionally));
        return committed;
    }

    /** The values as one polled batch of reviews.submitted (partition 0, offsets from 0). */
    private static ConsumerRecords<String, ReviewSubmitted> polled(List<String> values) {
        List<ConsumerRecord<String, ReviewSubmitted>> records = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            records.add(PolledRecords.consumed(Topics.REVIEWS_SUBMITTED.name(), 0, i, null, values.get(i)));
        }
        return new ConsumerRecords<>(Map.of(new TopicPartition(Topics.REVIEWS_SUBMITTED.name(), 0), records));
    }

    private record Flags(boolean quarantine, boolean held, String reason) {
    }

    private static Flags flags(Fixtures.Shop shop, String email) {
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select quarantine, held, quarantine_reason from review where webshop_id = ? and email = ?")) {
            statement.setLong(1, shop.id());
            statement.setString(2, email);
            try (var rows = statement.executeQuery()) {
                assertTrue(rows.next(), "review of " + email + " stored");
                Flags flags = new Flags(rows.getBoolean(1), rows.getBoolean(2), rows.getString(3));
                assertFalse(rows.next(), "review of " + email + " stored once");
                return flags;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int summaryAmount(Fixtures.Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/ratings_summary.json")
                .then().statusCode(200).extract().jsonPath().getInt("data.amount");
    }

    private static String deadLetterReason(String contained) throws Exception {
        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(Topics.deadLettersOf(Topics.REVIEWS_SUBMITTED.name()),
                record -> record.value().contains(contained), 1, Duration.ofSeconds(60));
        assertEquals(1, dead.size(), "dead letter of " + contained);
        return Fixtures.MAPPER.readTree(dead.get(0).value()).get("reason").asText();
    }

    /** The webshop's ratings.summary events from the topic's start up to the first with this amount (that one included). */
    private static List<JsonNode> summariesUntilAmount(Fixtures.Shop shop, long amount) {
        Properties props = KafkaTestClient.properties();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<JsonNode> summaries = new ArrayList<>();
        Instant deadline = Instant.now().plusSeconds(60);
        try (KafkaConsumer<String, String> reader = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            reader.subscribe(List.of(Topics.RATINGS_SUMMARY.name()));
            while (Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> record : reader.poll(Duration.ofMillis(200))) {
                    if (record.key().equals(String.valueOf(shop.id()))) {
                        JsonNode summary = Fixtures.MAPPER.readTree(record.value());
                        summaries.add(summary);
                        if (summary.get("amount").asLong() == amount) {
                            return summaries;
                        }
                    }
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        throw new AssertionError("no ratings.summary with amount " + amount + " for webshop " + shop.id() + ": " + summaries);
    }
}
