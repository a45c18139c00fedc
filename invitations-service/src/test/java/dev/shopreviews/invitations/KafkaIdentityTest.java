package dev.shopreviews.invitations;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.common.annotation.Identifier;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service reaches Kafka as its own broker user, and the broker's ACLs (deploy/local/kafka/acls.txt, the same as
 * deploy/k8s's KafkaUser) refuse what its design does not own: with invitations-service's own client settings nobody
 * can publish webshop snapshots (which carry API-code hashes) or read the reviews visitors submit.
 */
@QuarkusTest
class KafkaIdentityTest {

    @Inject
    @Identifier("default-kafka-broker")
    Map<String, Object> serviceKafkaConfig;

    @Test
    void theServiceConnectsAsItsOwnUser() {
        assertEquals("SASL_PLAINTEXT", String.valueOf(serviceKafkaConfig.get("security.protocol")));
        assertTrue(String.valueOf(serviceKafkaConfig.get("sasl.jaas.config")).contains("username=\"invitations-service\""));
    }

    @Test
    void invitationsServiceCannotWriteToWebshops() {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerSettings(), new StringSerializer(), new StringSerializer())) {
            Exception refused = assertThrows(Exception.class, () -> producer.send(
                    new ProducerRecord<>(Topics.WEBSHOPS.name(), "1", "{\"forged\":true}")).get());
            assertTrue(causedBy(refused, TopicAuthorizationException.class), refused.toString());
        }
    }

    @Test
    void invitationsServiceCannotReadSubmittedReviewsNorUseAnotherServicesGroups() {
        Properties own = consumerSettings("invitations-service.acl-test-" + UUID.randomUUID());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(own, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.REVIEWS_SUBMITTED.name()));
            Exception refused = assertThrows(Exception.class, () -> pollUntilRefused(consumer));
            assertTrue(causedBy(refused, TopicAuthorizationException.class), refused.toString());
        }
        Properties foreignGroup = consumerSettings("ratings-service.webshops");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(foreignGroup, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.WEBSHOPS.name()));
            Exception refused = assertThrows(Exception.class, () -> pollUntilRefused(consumer));
            assertTrue(causedBy(refused, GroupAuthorizationException.class), refused.toString());
        }
    }

    @Test
    void invitationsServiceCannotCreateTopics() {
        try (Admin admin = Admin.create(KafkaTestClient.propertiesOf("invitations-service"))) {
            Exception refused = assertThrows(Exception.class, () -> admin.createTopics(
                    List.of(new NewTopic("acl-test-" + UUID.randomUUID(), 1, (short) 1))).all().get());
            assertTrue(causedBy(refused, TopicAuthorizationException.class), refused.toString());
        }
    }

    /** The service's own client settings (what its channels use), with a bounded wait for metadata. */
    private Properties producerSettings() {
        Properties props = new Properties();
        Map<String, Object> copy = new HashMap<>(serviceKafkaConfig);
        copy.keySet().retainAll(ProducerConfig.configNames());
        props.putAll(copy);
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        return props;
    }

    private Properties consumerSettings(String group) {
        Properties props = new Properties();
        Map<String, Object> copy = new HashMap<>(serviceKafkaConfig);
        copy.keySet().retainAll(ConsumerConfig.configNames());
        props.putAll(copy);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return props;
    }

    private static void pollUntilRefused(KafkaConsumer<String, String> consumer) {
        for (int i = 0; i < 60; i++) {
            consumer.poll(Duration.ofMillis(500));
        }
    }

    private static boolean causedBy(Throwable thrown, Class<? extends Throwable> type) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
