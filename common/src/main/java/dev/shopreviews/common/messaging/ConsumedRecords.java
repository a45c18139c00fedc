package dev.shopreviews.common.messaging;

import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

import java.nio.charset.StandardCharsets;

/**
 * What a consumed record holds: its event, nothing (a tombstone), or a value {@link EventDeserializer} could not read,
 * whose raw bytes and reason the connector put in headers.
 */
public final class ConsumedRecords {
    private ConsumedRecords() {
    }

    /** The record's event; null only for a tombstone. A value that could not be read is an {@link UnusableRecord}. */
    public static <E> E eventOrTombstone(ConsumerRecord<String, E> record) {
        if (record.value() == null && failed(record)) {
            throw new UnusableRecord(text(record, DeserializationFailureHandler.DESERIALIZATION_FAILURE_REASON));
        }
        return record.value();
    }

    /** The record's event; an unreadable value or a tombstone is an {@link UnusableRecord}. */
    public static <E> E event(ConsumerRecord<String, E> record) {
        E event = eventOrTombstone(record);
        if (event == null) {
            throw new UnusableRecord("empty " + record.topic() + " event");
        }
        return event;
    }

    /** The bytes as they were on the topic: the raw value of an unreadable record, else the event written again. */
    public static byte[] rawValue(ConsumerRecord<String, ?> record) {
        Header raw = record.headers().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_VALUE_DATA);
        if (record.value() == null) {
            return raw == null ? null : raw.value();
        }
        Object value = record.value();
        return (value instanceof String text ? text : EventJson.write(value)).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean failed(ConsumerRecord<String, ?> record) {
        return record.headers().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_REASON) != null;
    }

    private static String text(ConsumerRecord<String, ?> record, String header) {
        Header found = record.headers().lastHeader(header);
        String reason = found == null || found.value() == null ? "" : new String(found.value(), StandardCharsets.UTF_8);
        // The header may come from the producer, so it is cleaned before it reaches a log line or the dead letter.
        String clean = reason.replaceAll("\\p{Cntrl}", " ");
        return clean.isBlank() ? "unreadable " + record.topic() + " event" : clean;
    }
}
