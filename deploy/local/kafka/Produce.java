// Publishes one record to a topic of the local suite's broker, as a misbehaving or outdated producer would (the
// operator console's end-to-end test puts a record there that a consumer must dead-letter).
//
// Run as a single-file program with the broker's libraries on the class path:
//   java -cp 'deploy/local/.cache/kafka-libs/*' deploy/local/kafka/Produce.java <bootstrap> <topic> <key> <value>
// A value of "-" publishes every line of standard input as one record, all with that key (e2e/shutdown.test.mjs).

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.util.List;
import java.util.Properties;

public class Produce {
    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: Produce <bootstrap> <topic> <key> <value>");
            System.exit(2);
        }
        Properties config = new Properties();
        // The local broker takes SASL only: the admin's client settings (deploy/local/.run/kafka/admin-client.properties).
        String clientConfig = System.getenv("KAFKA_CLIENT_CONFIG");
        if (clientConfig != null && !clientConfig.isBlank()) {
            try (var in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(clientConfig))) {
                config.load(in);
            }
        }
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            List<String> values = args[3].equals("-")
                    ? new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8)).lines().filter(line -> !line.isBlank()).toList()
                    : List.of(args[3]);
            for (String value : values) {
                var sent = producer.send(new ProducerRecord<>(args[1], args[2], value)).get();
                System.out.println(sent.topic() + "-" + sent.partition() + "@" + sent.offset());
            }
        }
    }
}
