package dev.shopreviews.common.deadletter;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/**
 * Topic {@code <source topic>.dlq} (key = the source record's key, or "unknown"): a record a consumer could never
 * apply, with where it came from, why, and the payload as received (JSON-escaped text; U+FFFD where it was not
 * UTF-8). {@code deadLetterId} names the row in the consuming service's {@code dead_letter} table, which its admin
 * API lists, replays and discards.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadLetterEvent(
        String eventId,
        String type,
        Instant occurredAt,
        String consumer,
        long deadLetterId,
        String topic,
        Integer partition,
        Long offset,
        String reason,
        String error,
        String payload) {

    public static final String TYPE = "record.dead_lettered";
}
