package dev.shopreviews.invitations.links.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.invitations.invitation.repository.InvitationRepository;
import dev.shopreviews.invitations.links.service.LinkIssuer;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import org.jboss.resteasy.reactive.server.Cancellable;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/**
 * Operator API: revoke every review link of one invitation (a leaked or forwarded e-mail). The review form then
 * answers "link not valid"; the opt-out link keeps working.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/admin/invitations/{id}/revoke-links")
@Produces(MediaType.APPLICATION_JSON)
public class LinkAdminResource {
    private final OperatorAuth operator;
    private final LinkIssuer links;
    private final InvitationRepository invitations;

    public LinkAdminResource(OperatorAuth operator, LinkIssuer links, InvitationRepository invitations) {
        this.operator = operator;
        this.links = links;
        this.invitations = invitations;
    }

    @POST
    public Uni<Response> revoke(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                              @PathParam("id") String id) {
        operator.check(authorization);
        Long invitationId = TextInput.integer(id, 1, Long.MAX_VALUE);
        if (invitationId == null) {
            throw EnvelopeException.invalid("The invitation id must be a positive number.");
        }
        return Panache.withTransaction(() -> invitations.findById(invitationId).chain(invitation -> {
            if (invitation == null) {
                throw new EnvelopeException(404, "No such invitation.");
            }
            return links.revokeAll(invitation.webshopId, invitationId);
        })).map(revoked -> Envelope.success("Review links revoked.", Map.of("revoked", revoked)));
    }
}
