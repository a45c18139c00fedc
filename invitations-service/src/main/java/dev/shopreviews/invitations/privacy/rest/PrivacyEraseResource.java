package dev.shopreviews.invitations.privacy.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.privacy.PrivacySession;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.erasure.rest.ErasureRequested;
import dev.shopreviews.invitations.erasure.service.ErasureRequests;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.POST;
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
 * "Erase everything" on the privacy page: the signed-in person erases their address at every webshop (one
 * {@code customers.erased} for every shop, docs/privacy.md). The session cookie is removed with the answer.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.PRIVACY)
@Path("/privacy/api/erase")
@Produces(MediaType.APPLICATION_JSON)
public class PrivacyEraseResource {
    static final String MESSAGE = "Erasure requested: everything stored about this address is erased within a minute.";

    private final SecurityIdentity identity;
    private final ErasureRequests erasures;

    public PrivacyEraseResource(SecurityIdentity identity, ErasureRequests erasures) {
        this.identity = identity;
        this.erasures = erasures;
    }

    @POST
    @Operation(summary = "The signed-in person erases everything stored about their address, at every webshop")
    @APIResponse(responseCode = "200", description = "Erasure requested; the session cookie is removed",
            content = @Content(schema = @Schema(implementation = ErasureRequested.class), examples = @ExampleObject(
                    name = "requested", value = "{\"status\":\"success\",\"message\":\"" + MESSAGE
                    + "\",\"reference\":\"0b7e2c1a-4f63-4d1e-9a0e-3c2f5d9b8a71\"}")))
    @APIResponse(responseCode = "401", description = "No valid privacy session",
            content = @Content(schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(
                    name = "expired", value = "{\"status\":\"error\",\"message\":\"Your privacy link has expired. Ask for a new one.\"}")))
    @APIResponse(responseCode = "403", description = "Not sent by the privacy page (header X-Privacy-Request missing)",
            content = @Content(schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(
                    name = "foreign", value = "{\"status\":\"error\",\"message\":\"This request must come from the privacy page.\"}")))
    public Uni<Response> erase() {
        PrivacySession session = Callers.person(identity);
        return erasures.request(session.email(), CustomerErased.EVERY_SHOP, ErasureRequests.BY_PERSON)
                .map(reference -> Response.ok(new ErasureRequested("success", MESSAGE, reference))
                        .cookie(PrivacyPageResource.cookie("", 0)).header("Cache-Control", "no-store").build());
    }
}
