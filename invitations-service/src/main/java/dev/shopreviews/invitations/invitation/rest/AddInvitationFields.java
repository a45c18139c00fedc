package dev.shopreviews.invitations.invitation.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The form fields of spec 4.1 as the OpenAPI document shows them (the request is read as {@link AddInvitationForm},
 * checked by {@link dev.shopreviews.invitations.invitation.mapping.InvitationRequests}).
 */
@Schema(name = "AddInvitationFields", description = "Form fields of an invitation (application/x-www-form-urlencoded or multipart/form-data)",
        requiredProperties = {"email"})
public record AddInvitationFields(
        @Schema(description = "The customer's e-mail address", example = "anna@example.com") String email,
        @Schema(description = "The order number; one invitation per address and order", example = "ORD-10023") String order,
        @Schema(description = "ISO 639-1 code of the e-mail's language; the webshop's main language when left out", example = "nl")
        String language,
        @Schema(description = "Days after which the invitation is sent, 0 to 365 (a consent's ask-later delay can lengthen it)",
                example = "5") String delay,
        @JsonProperty("customer_name") @Schema(description = "The customer's name, used in the greeting", example = "Anna")
        String customerName,
        @JsonProperty("phone_numbers[]") @Schema(description = "Phone numbers, repeated (also accepted as phone_numbers), at most 10")
        List<String> phoneNumbers,
        @JsonProperty("order_total") @Schema(description = "The order's total, a dot decimal", example = "49.95") String orderTotal,
        @JsonProperty("order_data") @Schema(description = "JSON with a products array: id, name, url, image_url, sku, gtin per product",
                example = "{\"products\":[{\"id\":\"P-1\",\"name\":\"Blue kettle\",\"sku\":\"KET-1\",\"gtin\":\"4006381333931\"}]}")
        String orderData,
        @Schema(description = "The calling shop system's name", example = "woocommerce") String client,
        @JsonProperty("platform_version") @Schema(description = "Version of the shop platform") String platformVersion,
        @JsonProperty("plugin_version") @Schema(description = "Version of the shop's plugin") String pluginVersion,
        @JsonProperty("max_invitations_per_email") @Schema(description = "1-1000: when the webshop already has that many "
                + "invitations for the address, none is added (answered success); 0 or none: no limit", example = "1")
        String maxInvitationsPerEmail) {
}
