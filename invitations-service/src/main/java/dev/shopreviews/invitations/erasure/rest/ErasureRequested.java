package dev.shopreviews.invitations.erasure.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

/** The answer to an erasure request: its reference (the id of the customers.erased event). */
@JsonPropertyOrder({"status", "message", "reference"})
public record ErasureRequested(String status, String message, String reference) {
    static final String REQUESTED = "Erasure requested: everything stored about this address at your webshop is erased within a minute.";
    static final String REQUESTED_EVERYWHERE = "Erasure requested: everything stored about this address at every webshop is erased within a minute.";
    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"" + REQUESTED
            + "\",\"reference\":\"7d0f4a52-8c1e-4f0e-9a43-2b6f1c9e5d11\"}";
    static final String EXAMPLE_EVERYWHERE = "{\"status\":\"success\",\"message\":\"" + REQUESTED_EVERYWHERE
            + "\",\"reference\":\"7d0f4a52-8c1e-4f0e-9a43-2b6f1c9e5d11\"}";

    static ErasureRequested atShop(String reference) {
        return new ErasureRequested(Messages.SUCCESS, REQUESTED, reference);
    }

    static ErasureRequested everywhere(String reference) {
        return new ErasureRequested(Messages.SUCCESS, REQUESTED_EVERYWHERE, reference);
    }
}
