import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records when bench reviews pass through Kafka topics (no consumer group: assigns every partition from its end).
 * One line per record whose value names a bench review: "arrival_epoch_ms topic TAG_nSEQ". Runs until killed or
 * MAX_SECONDS. Prints "tap ready" once positioned.
 *
 *   java -cp 'deploy/local/.cache/kafka-libs/*' KafkaTap.java BOOTSTRAP OUT_FILE MAX_SECONDS TOPIC...
 */
public class KafkaTap {
    static final Pattern NAME = Pattern.compile("\"name\":\"Bench ([A-Za-z]+) n([0-9]+)\"");

    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        // The local broker takes SASL only: the admin's client settings (deploy/local/.run/kafka/admin-client.properties).
        String clientConfig = System.getenv("KAFKA_CLIENT_CONFIG");
        if (clientConfig != null && !clientConfig.isBlank()) {
            try (var in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(clientConfig))) {
                p.load(in);
            }
        }
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10");
        long end = System.currentTimeMillis() + Long.parseLong(args[2]) * 1000;
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p);
             BufferedWriter out = Files.newBufferedWriter(Path.of(args[1]))) {
            List<TopicPartition> parts = new ArrayList<>();
            for (int i = 3; i < args.length; i++) {
                for (PartitionInfo info : consumer.partitionsFor(args[i])) {
                    parts.add(new TopicPartition(info.topic(), info.partition()));
                }
            }
            consumer.assign(parts);
            consumer.seekToEnd(parts);
            parts.forEach(consumer::position);
            System.out.println("tap ready");
            System.out.flush();
            while (System.currentTimeMillis() < end) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    long now = System.currentTimeMillis();
                    Matcher m = NAME.matcher(r.value() == null ? "" : r.value());
                    if (m.find()) {
                        out.write(now + " " + r.topic() + " " + m.group(1) + "_n" + m.group(2));
                        out.newLine();
                    }
                }
                out.flush();
            }
        }
    }
}
