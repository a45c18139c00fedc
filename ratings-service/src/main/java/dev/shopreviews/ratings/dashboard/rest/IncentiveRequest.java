package dev.shopreviews.ratings.dashboard.rest;

import dev.shopreviews.common.api.JsonRequest;
import jakarta.validation.constraints.NotNull;

/** The body of {@code POST …/reviews/{review}/incentivized}: {@code {"incentivized": true|false}}; else a 400. */
@JsonRequest(notObject = IncentiveRequest.INVALID)
public record IncentiveRequest(@NotNull(message = IncentiveRequest.INVALID) Boolean incentivized) {
    static final String INVALID = "Invalid request body: expected a JSON object with incentivized true or false.";
}
