package dev.shopreviews.common.testing;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Reads and writes the real test broker (deploy/local/test starts it) with plain Kafka clients, as the broker's
 * super user (the harness plays every producer); {@link #propertiesOf} connects as one service's own user instead.
 */
public final class KafkaTestClient {
    private KafkaTestClient() {
    }

    public static String bootstrap() {
        return env("SR_TEST_KAFKA", "127.0.0.1:19092");
    }

    /** Bootstrap and the admin's SASL settings (deploy/local/test's SR_TEST_KAFKA_CLIENT_CONFIG). */
    public static Properties properties() {
        Properties props = fileNamedBy("SR_TEST_KAFKA_CLIENT_CONFIG");
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        return props;
    }

    /** Bootstrap and SASL settings of the broker user {@code user} (a service's own identity, kafka/acls.txt). */
    public static Properties propertiesOf(String user) {
        Properties props = new Properties();
        props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap());
        props.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
        props.put(SaslConfigs.SASL_MECHANISM, "SCRAM-SHA-512");
        props.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user + "\" password=\"" + passwordOf(user) + "\";");
        return props;
    }

    private static String passwordOf(String user) {
        String password = fileNamedBy("SR_TEST_KAFKA_CREDENTIALS").getProperty(user);
        if (password == null) {
            throw new IllegalStateException("no Kafka user " + user + " in $SR_TEST_KAFKA_CREDENTIALS (deploy/local/kafka/acls.txt)");
        }
        return password;
    }

    /** The properties file the environment variable names (deploy/local/test sets it). */
    private static Properties fileNamedBy(String variable) {
        String file = env(variable, "");
        if (file.isEmpty()) {
            throw new IllegalStateException(variable + " is not set: run the tests with deploy/local/test");
        }
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(Path.of(file))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    public static void send(String topic, String key, String value) {
        send(topic, key, value, Map.of());
    }

    /** Sends one record with the given headers (e.g. a W3C traceparent). */
    public static void send(String topic, String key, String value, Map<String, String> headers) {
        Properties props = properties();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
            headers.forEach((name, header) -> record.headers().add(name, header.getBytes(StandardCharsets.UTF_8)));
            producer.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException("Could not send to " + topic, e);
        }
    }

    /** Reads the topic from the beginning until a record matches or the timeout passes; answers the matches. */
    public static List<ConsumerRecord<String, String>> await(String topic, Predicate<ConsumerRecord<String, String>> match,
                                                              int wanted, Duration timeout) {
        Properties props = properties();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        Instant deadline = Instant.now().plus(timeout);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            while (found.size() < wanted && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (match.test(record)) {
                        found.add(record);
                    }
                }
            }
        }
        return found;
    }
}
