package dev.shopreviews.common.messaging;

import dev.shopreviews.common.events.Topics;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The value deserializer of every incoming channel (set once, for the connector): reads a record as the event type
 * of its topic ({@link Topics}). A value it cannot read fails here; the connector (fail-on-deserialization-failure
 * off) then hands the consumer the record with a null value and the raw bytes and reason in headers, and
 * {@link ConsumedRecords} turns that into a dead letter. A null value (a tombstone) stays null.
 */
public class EventDeserializer implements Deserializer<Object> {

    @Override
    public Object deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        var type = Topics.named(topic).orElseThrow(() -> new SerializationException("no event type for topic " + topic));
        try {
            return EventJson.read(type, data);
        } catch (UnusableRecord unusable) {
            throw new SerializationException(unusable.getMessage());
        }
    }
}
