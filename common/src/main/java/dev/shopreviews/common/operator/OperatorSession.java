package dev.shopreviews.common.operator;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** The signed content of the operator console's cookie: who, with which role, until when (epoch seconds). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OperatorSession(String name, String role, long expiresAt) {
}
