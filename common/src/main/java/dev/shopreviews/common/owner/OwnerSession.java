package dev.shopreviews.common.owner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/** The signed content of the dashboard's cookie: which owner, which webshops, until when (epoch seconds). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record OwnerSession(long owner, String email, List<Long> webshops, long expiresAt) {
}
