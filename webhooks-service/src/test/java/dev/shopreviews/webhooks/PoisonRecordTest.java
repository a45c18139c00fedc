package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A record the delivery consumer can never apply is dead-lettered; the events around it are delivered. */
@QuarkusTest
class PoisonRecordTest {
    private TestReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void aMalformedReviewEventBetweenTwoGoodOnesIsDeadLetteredAndBothGoodOnesAreDelivered() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.subscribe(shop, receiver.url("/poison"), Topics.REVIEWS_CREATED.name());
        String poisonId = UUID.randomUUID().toString();
        String poison = "{\"event_id\":\"" + poisonId + "\",\"webshop_id\":" + shop.id() + ",\"review\":\"not a review\"}";
        sendInOneBurst(shop, List.of(
                Fixtures.reviewEvent(UUID.randomUUID().toString(), shop, Topics.REVIEWS_CREATED.name(), 9001, true),
                poison,
                Fixtures.reviewEvent(UUID.randomUUID().toString(), shop, Topics.REVIEWS_CREATED.name(), 9002, true)));

        await().atMost(Duration.ofSeconds(60)).until(() -> receiver.on("/poison").size() == 2);
        List<ConsumerRecord<String, String>> dead = KafkaTestClient.await(Topics.REVIEWS_CREATED.name() + ".dlq",
                // only this service's: embed- and invitations-service read the topic too (their tests may run now)
                record -> record.value().contains(poisonId) && record.value().contains("webhooks-service.reviews-created"),
                1, Duration.ofSeconds(30));
        assertEquals(1, dead.size());
        assertTrue(dead.get(0).value().contains("webhooks-service.reviews-created"));
        assertEquals(1, Db.count("select count(*) from dead_letter where channel = 'reviews-created' and state = 'pending' "
                + "and position(convert_to(?, 'UTF8') in payload) > 0", poisonId));

        long letterId = given().header("Authorization", "Bearer test-operator-token").get("/admin/dead-letters")
                .then().statusCode(200).extract().jsonPath().getLong("dead_letters[0].id");
        given().header("Authorization", "Bearer test-operator-token").post("/admin/dead-letters/" + letterId + "/replay")
                .then().statusCode(422).body("status", org.hamcrest.Matchers.equalTo("error"));
        given().header("Authorization", "Bearer test-operator-token").post("/admin/dead-letters/" + letterId + "/discard")
                .then().statusCode(200).body("data.state", org.hamcrest.Matchers.equalTo("discarded"));
    }

    private static void sendInOneBurst(Fixtures.Shop shop, List<String> values) throws Exception {
        Properties props = KafkaTestClient.properties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            for (String value : values) {
                producer.send(new ProducerRecord<>(Topics.REVIEWS_CREATED.name(), String.valueOf(shop.id()), value));
            }
            producer.flush();
        }
    }
}
