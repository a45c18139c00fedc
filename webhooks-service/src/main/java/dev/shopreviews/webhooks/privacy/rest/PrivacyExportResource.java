package dev.shopreviews.webhooks.privacy.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.webhooks.privacy.repository.DeliveryExport;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The {@code webhooks} part of the person's export on their privacy page (docs/privacy.md; the gateway routes
 * {@code /privacy/api/webhooks/} here): the stored deliveries whose payload names the session's address, on every
 * webshop. Never cached.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@RolesAllowed(Roles.PRIVACY)
@Cancellable(false)
@Path("/privacy/api/webhooks")
@Produces(MediaType.APPLICATION_JSON)
public class PrivacyExportResource {
    static final String EXPORTED = "Webhook deliveries naming your address.";
    static final String EXAMPLE_EXPORT = "{\"status\":\"success\",\"message\":\"Webhook deliveries naming your address.\",\"deliveries\":[{\"delivery_id\":981,\"webshop_id\":12,\"topic\":\"reviews.created\",\"state\":\"delivered\",\"created\":\"2026-11-24 09:12:46\",\"payload\":{\"id\":77,\"name\":\"Jan de Vries\",\"email\":\"jan@example.com\",\"order_number\":\"ORD-77\",\"rating\":5,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":4,\"aftersale\":3},\"comment\":\"Snel geleverd\",\"date\":\"2026-11-24\",\"country\":\"NL\",\"language\":\"nl\",\"created\":\"2026-11-24 09:12:45\",\"read\":false,\"quarantine\":false,\"verified\":true,\"reaction\":\"\"}}]}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Your privacy link has expired. Ask for a new one.\"}";

    private final SecurityIdentity identity;
    private final DeliveryExport export;

    public PrivacyExportResource(SecurityIdentity identity, DeliveryExport export) {
        this.identity = identity;
        this.export = export;
    }

    @GET
    @Path("/export")
    @Operation(summary = "The stored webhook deliveries naming the privacy page's address (the person's export, webhooks part)")
    @APIResponse(responseCode = "200", description = "The deliveries, oldest first.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = PrivacyAnswers.WebhooksExport.class), examples = @ExampleObject(name = "one delivery", value = EXAMPLE_EXPORT)))
    @APIResponse(responseCode = "401", description = "No privacy session, or an expired or forged one.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "no session", value = EXAMPLE_401)))
    public Uni<Response> export() {
        return Envelope.guard(Uni.createFrom().item(() -> Callers.person(identity))
                        .chain(session -> export.naming(session.email()))
                        .map(found -> Envelope.ok(PrivacyAnswers.WebhooksExport.of(found))), ErrorBody.PLAIN)
                .map(PrivacyExportResource::noStore);
    }

    private static Response noStore(Response response) {
        return Response.fromResponse(response).header("Cache-Control", "no-store").build();
    }
}
