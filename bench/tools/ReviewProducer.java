import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Produces ReviewSubmitted events (origin "form", snake_case JSON of common/.../events/ReviewSubmitted.java) to
 * topic reviews.submitted, as a browser's review form would through embed-service, at a fixed rate.
 *
 *   java -cp 'deploy/local/.cache/kafka-libs/*' ReviewProducer.java BOOTSTRAP WEBSHOP_ID[,WEBSHOP_ID...] COUNT RATE_PER_S TAG OUT_FILE
 *
 * COUNT reviews for each webshop, the webshops in turn (one JVM for all of them: a load generator starting per
 * webshop would spend its start-up CPU in the middle of what is measured). RATE_PER_S 0 = as fast as possible.
 * TAG (letters only) goes into every review's name "Bench TAG n<seq>" so a webhook receiver can match arrivals to
 * sends. OUT_FILE gets "seq send_epoch_ms acked(1|0)" per event.
 * Producer: acks=all, idempotent, long delivery timeout, so a broker that dies and comes back loses nothing.
 */
public class ReviewProducer {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        long[] webshopIds = java.util.Arrays.stream(args[1].split(",")).mapToLong(Long::parseLong).toArray();
        int count = Integer.parseInt(args[2]) * webshopIds.length;
        double rate = Double.parseDouble(args[3]);
        String tag = args[4];
        Path out = Path.of(args[5]);

        Properties p = new Properties();
        // The local broker takes SASL only: the admin's client settings (deploy/local/.run/kafka/admin-client.properties).
        String clientConfig = System.getenv("KAFKA_CLIENT_CONFIG");
        if (clientConfig != null && !clientConfig.isBlank()) {
            try (var in = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of(clientConfig))) {
                p.load(in);
            }
        }
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "600000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "600000");
        p.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "1000");

        long[] sentAt = new long[count];
        AtomicLongArray acked = new AtomicLongArray(count);
        AtomicInteger failures = new AtomicInteger();
        long start = System.nanoTime();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            for (int i = 0; i < count; i++) {
                if (rate > 0) {
                    long due = start + (long) (i * 1_000_000_000L / rate);
                    long wait;
                    while ((wait = due - System.nanoTime()) > 0) {
                        TimeUnit.NANOSECONDS.sleep(Math.min(wait, 2_000_000L));
                    }
                }
                final int seq = i;
                long webshopId = webshopIds[seq % webshopIds.length];
                String json = event(webshopId, tag, seq);
                sentAt[seq] = System.currentTimeMillis();
                producer.send(new ProducerRecord<>("reviews.submitted", Long.toString(webshopId), json), (meta, error) -> {
                    if (error == null) {
                        acked.set(seq, 1);
                    } else {
                        failures.incrementAndGet();
                        System.err.println("send " + seq + " failed: " + error);
                    }
                });
            }
            producer.flush();
        }
        int ok = 0;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            for (int i = 0; i < count; i++) {
                w.println(i + " " + sentAt[i] + " " + acked.get(i));
                ok += (int) acked.get(i);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("produced %d/%d reviews (tag %s) in %.1f s, %d failed%n", ok, count, tag, seconds, failures.get());
    }

    static String event(long webshopId, String tag, int seq) {
        int r = 1 + (seq % 5);
        return "{\"event_id\":\"" + UUID.randomUUID() + "\",\"type\":\"review.submitted\",\"occurred_at\":\"" + Instant.now()
                + "\",\"webshop_id\":" + webshopId + ",\"origin\":\"form\",\"invitation_id\":null,\"order_number\":\"\","
                + "\"name\":\"Bench " + tag + " n" + seq + "\",\"email\":\"bench." + tag.toLowerCase() + "." + seq
                + "@example.com\",\"country\":\"NL\",\"language\":\"en\",\"rating\":" + r
                + ",\"ratings\":{\"shippingtime\":" + r + ",\"customerservice\":4,\"pricequality\":3,\"aftersale\":5},"
                + "\"comment\":\"Bench review " + tag + " number " + seq + ": quick delivery and friendly service.\","
                + "\"products\":[],\"client_address\":null}";
    }
}
