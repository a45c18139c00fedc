package dev.shopreviews.common.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;

/** Reads a record's JSON value as its event type; a value that cannot be read is an {@link UnusableRecord}. */
public final class Payloads {
    private Payloads() {
    }

    public static <T> T read(ObjectMapper mapper, String json, Class<T> type) {
        T value;
        try {
            value = json == null ? null : mapper.readValue(json, type);
        } catch (Exception e) {
            throw new UnusableRecord("malformed " + type.getSimpleName() + " event: " + Failures.describe(e));
        }
        if (value == null) {
            throw new UnusableRecord("empty " + type.getSimpleName() + " event");
        }
        return value;
    }
}
