package dev.shopreviews.partner.partnerapi.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.partner.partnerapi.service.PartnerProfileSchema.Violation;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;

import java.util.List;

/** Spec 4.11's bodies. */
public final class PartnerAnswers {
    private PartnerAnswers() {
    }

    /** Created, or already created for this source and id ({@code code} null then: it was shown only once). */
    @JsonPropertyOrder({"status", "message", "data"})
    public record ProfileCreated(String status, String message, Credentials data) {
        static ProfileCreated of(IssuedWebshop issued) {
            return new ProfileCreated(Messages.SUCCESS,
                    issued.created() ? PartnerApiResource.CREATED : PartnerApiResource.ALREADY_EXISTS,
                    new Credentials(issued.webshopId(), issued.code(), issued.publicCode()));
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webshop_id", "code", "public_code"})
    public record Credentials(@JsonProperty("webshop_id") long webshopId, String code,
                              @JsonProperty("public_code") String publicCode) {
    }

    /** Every violation of the partner profile schema (path as a JSON path, and why). */
    @JsonPropertyOrder({"status", "message", "errors"})
    public record ProfileInvalid(String status, String message, List<Violation> errors) {
        static ProfileInvalid of(List<Violation> violations) {
            return new ProfileInvalid(Messages.ERROR, PartnerApiResource.INVALID, violations);
        }
    }
}
