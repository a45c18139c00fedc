package dev.shopreviews.invitations.links.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.links.service.LinkIssuer;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
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
 * Operator API: revoke every review link of one invitation (a leaked or forwarded e-mail). The review form then
 * answers "link not valid"; the opt-out link keeps working.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.MACHINE)
@Path("/admin/invitations/{id}/revoke-links")
@Produces(MediaType.APPLICATION_JSON)
public class LinkAdminResource {
    private final SecurityIdentity identity;
    private final LinkIssuer links;

    public LinkAdminResource(SecurityIdentity identity, LinkIssuer links) {
        this.identity = identity;
        this.links = links;
    }

    @POST
    @Operation(summary = "Revoke every review link of one invitation (operator token)")
    @APIResponse(responseCode = "200", description = "How many links were revoked.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LinksRevoked.class),
            examples = @ExampleObject(name = "two links", value = "{\"status\":\"success\",\"message\":\"Review links revoked.\",\"revoked\":2}")))
    @APIResponse(responseCode = "401", description = "No or a wrong operator token.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no operator token", value = "{\"status\":\"error\",\"message\":\"Operator token required.\"}")))
    @APIResponse(responseCode = "404", description = "No such invitation.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> revoke(@PathParam("id") String id) {
        Operator who = Callers.operator(identity);
        Long invitationId = TextInput.integer(id, 1, Long.MAX_VALUE);
        if (invitationId == null) {
            throw EnvelopeException.invalid("The invitation id must be a positive number.");
        }
        // The transaction is LinkIssuer.revokeAll's (@WithTransaction): none is opened for a refused request.
        return links.revokeAll(invitationId, who).map(revoked -> Envelope.ok(LinksRevoked.of(revoked)));
    }
}
