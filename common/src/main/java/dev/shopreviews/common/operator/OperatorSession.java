package dev.shopreviews.common.operator;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The signed content of the operator console's cookie: who, with which role, until when (epoch seconds), opened when
 * (epoch milliseconds, as {@link dev.shopreviews.common.owner.OwnerSession}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OperatorSession(String name, String role, long expiresAt, long openedAt) {
}
