package dev.shopreviews.invitations.consent.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

/** Spec 4.7's body, success and error alike ({@code has_consent} false on error). */
@JsonPropertyOrder({"status", "message", "has_consent"})
public record OrderPermission(String status, String message, @JsonProperty("has_consent") boolean hasConsent) {
    static OrderPermission of(boolean hasConsent) {
        return new OrderPermission(Messages.SUCCESS, OrderPermissionsResource.SUCCESS, hasConsent);
    }

    public static OrderPermission error(String message) {
        return new OrderPermission(Messages.ERROR, message, false);
    }
}
