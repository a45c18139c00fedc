package dev.shopreviews.partner.webshop.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

import java.util.List;

/** Spec 4.5 error: {@code data} is an empty list there (an object on success). */
@JsonPropertyOrder({"status", "message", "data"})
public record WebshopError(String status, String message, List<Object> data) {
    public static WebshopError of(String message) {
        return new WebshopError(Messages.ERROR, message, List.of());
    }
}
