package dev.shopreviews.invitations.consent.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.consent.service.ConsentService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.7: check order consent. The framework checks the API code (api-code); a missing orderNumber is refused
 * before that, as before any code check ({@link OrderNumberRequired}).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path(OrderPermissionsResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
public class OrderPermissionsResource {
    static final String SUCCESS = "Order permission successfully retrieved!";
    static final String PATH = "/api/2.0/order_permissions.json";

    private final SecurityIdentity identity;
    private final ConsentService consents;

    public OrderPermissionsResource(SecurityIdentity identity, ConsentService consents) {
        this.identity = identity;
        this.consents = consents;
    }

    @GET
    @RolesAllowed(Roles.SHOP)
    @WithSession
    @Operation(summary = "Check whether the customer of an order gave consent in the pop-up (spec 4.7)")
    @APIResponse(responseCode = "200", description = "has_consent: a choice was recorded for this order.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderPermission.class),
            examples = @ExampleObject(name = "consent given", value = "{\"status\":\"success\",\"message\":\"Order permission successfully retrieved!\",\"has_consent\":true}")))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderPermission.class),
            examples = @ExampleObject(name = "wrong code", value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"has_consent\":false}")))
    @APIResponse(responseCode = "403", description = "The right code of a webshop the operator deactivated.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderPermission.class),
            examples = @ExampleObject(name = "deactivated", value = "{\"status\":\"error\",\"message\":\"This webshop has been deactivated. Please contact the operator.\",\"has_consent\":false}")))
    @APIResponse(responseCode = "400", description = "id, code or orderNumber missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OrderPermission.class)))
    public Uni<Response> check(@Parameter(description = "webshop id") @QueryParam("id") String id,
                               @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                               @Parameter(description = "the shop's order number (compared after trimming)")
                               @QueryParam("orderNumber") String orderNumber) {
        // orderNumber is there: OrderNumberRequired refused its absence before the framework checked the code.
        long webshop = Callers.shop(identity).id;
        return Envelope.guard(consents.hasConsent(webshop, orderNumber.trim())
                        .map(hasConsent -> Envelope.ok(OrderPermission.of(hasConsent))),
                OrderPermission::error);
    }
}
