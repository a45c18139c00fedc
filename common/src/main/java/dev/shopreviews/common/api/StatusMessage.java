package dev.shopreviews.common.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The envelope with no fields of its own: {"status":…,"message":…}. */
@JsonPropertyOrder({"status", "message"})
public record StatusMessage(String status, String message) {
    public static StatusMessage success(String message) {
        return new StatusMessage(Messages.SUCCESS, message);
    }

    public static StatusMessage error(String message) {
        return new StatusMessage(Messages.ERROR, message);
    }
}
