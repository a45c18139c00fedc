package dev.shopreviews.common.testing;

import dev.shopreviews.common.messaging.EventDeserializer;
import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A record as an incoming channel hands it to its method: read by the suite's {@link EventDeserializer}, or, when
 * that fails, with a null value and the failure in headers (as the connector does with
 * fail-on-deserialization-failure off). For tests that call a consumer method directly.
 */
public final class PolledRecords {
    private PolledRecords() {
    }

    @SuppressWarnings("unchecked")
    public static <E> ConsumerRecord<String, E> consumed(String topic, int partition, long offset, String key, String json) {
        RecordHeaders headers = new RecordHeaders();
        byte[] data = json == null ? null : json.getBytes(StandardCharsets.UTF_8);
        Object value;
        try {
            value = new EventDeserializer().deserialize(topic, data);
        } catch (RuntimeException failure) {
            DeserializationFailureHandler.addFailureDetailsToHeaders(EventDeserializer.class.getName(), topic, false,
                    headers, data, failure);
            value = null;
        }
        return new ConsumerRecord<>(topic, partition, offset, -1L, TimestampType.NO_TIMESTAMP_TYPE, -1, -1, key,
                (E) value, headers, Optional.empty());
    }
}
