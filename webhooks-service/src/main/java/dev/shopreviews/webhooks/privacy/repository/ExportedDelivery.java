package dev.shopreviews.webhooks.privacy.repository;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One stored delivery of the export: the payload as the JSON the shop was (or is to be) sent. */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"delivery_id", "webshop_id", "topic", "state", "created", "payload"})
public record ExportedDelivery(@JsonProperty("delivery_id") long deliveryId, @JsonProperty("webshop_id") long webshopId,
                               String topic,
                               @Schema(description = "pending, in_flight, delivered, dead or cancelled") String state,
                               String created,
                               @Schema(description = "the review as a ratings.json item", type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT)
                               JsonNode payload) {
}
