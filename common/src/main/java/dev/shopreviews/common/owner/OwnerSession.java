package dev.shopreviews.common.owner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The signed content of the dashboard's cookie: which owner, which webshops, until when (epoch seconds), opened when
 * (epoch milliseconds: a session opened at or before its account's sessions ended is over; 0 in cookies older than
 * the field), and the session's own id ({@code sid}: random, unguessable; null in cookies older than the field), by
 * which one session can be ended while the owner's others go on.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OwnerSession(long owner, String email, List<Long> webshops, long expiresAt, long openedAt, String sid) {
}
