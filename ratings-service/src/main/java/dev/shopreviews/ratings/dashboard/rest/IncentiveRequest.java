package dev.shopreviews.ratings.dashboard.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;

/** The body of {@code POST …/reviews/{review}/incentivized}: {@code {"incentivized": true|false}}; else a 400. */
public record IncentiveRequest(boolean incentivized) {
    static final String INVALID = "Invalid request body: expected a JSON object with incentivized true or false.";

    static IncentiveRequest parse(String body, ObjectMapper mapper) {
        JsonNode value = JsonBodies.object(mapper, body, INVALID, INVALID).get("incentivized");
        if (value == null || !value.isBoolean()) {
            throw EnvelopeException.invalid(INVALID);
        }
        return new IncentiveRequest(value.booleanValue());
    }
}
