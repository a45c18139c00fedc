package dev.shopreviews.partner.admin.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.owner.rest.OperatorOwnersResource;
import dev.shopreviews.partner.owner.service.OwnerInvitations;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import dev.shopreviews.partner.webshop.service.NewWebshop;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.function.Function;
import dev.shopreviews.common.operator.Operator;

import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The operator's administration API (Bearer operator token, checked by common security). Not routed by the public
 * gateway; reachable only inside the cluster / on the service's own port.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.MACHINE)
@Path("/admin")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator administration")
@APIResponse(responseCode = "401", description = "No or a wrong operator token.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "no operator token", value = AdminResource.EXAMPLE_401)))
public class AdminResource {
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Operator token required.\"}";
    static final String EXAMPLE_CREDENTIALS = "{\"webshop_id\":1001,\"code\":\"k3Jx9QmT2vLp8RwZ4nYb6cHd\",\"public_code\":\"p7Gh2Ks9\"}";
    static final String EXAMPLE_STATE = "{\"webshop_id\":1001,\"name\":\"Example shop\",\"version\":4,\"approved\":true,\"reply_access\":true,\"domains\":[\"shop.example\",\"example-shop.nl\"],\"languages\":[\"nl\",\"en\"]}";
    static final String EXAMPLE_TOKEN = "{\"id\":3,\"partner\":\"acme-commerce\",\"token\":\"Zq8vT3nLx2Rk9WbM4cYp7HdJ\"}";

    private final SecurityIdentity identity;
    private final WebshopService webshops;
    private final PartnerTokens tokens;
    private final OwnerInvitations owners;

    public AdminResource(SecurityIdentity identity, WebshopService webshops, PartnerTokens tokens, OwnerInvitations owners) {
        this.identity = identity;
        this.webshops = webshops;
        this.tokens = tokens;
        this.owners = owners;
    }

    public record PartnerTokenRequest(String partner) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/webshops")
    @Operation(summary = "Create a webshop; answers its id, API code (shown only now) and public code")
    @APIResponse(responseCode = "200", description = "The new webshop's credentials.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.Credentials.class), examples = @ExampleObject(name = "created", value = EXAMPLE_CREDENTIALS)))
    public Uni<Response> create(NewWebshop input) {
        return guarded(who -> webshops.create(who, input).map(AdminResource::credentials));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/webshops/{id}")
    @Operation(summary = "Update a webshop's details, languages and domains")
    @APIResponse(responseCode = "200", description = "The webshop after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.WebshopState.class), examples = @ExampleObject(name = "updated", value = EXAMPLE_STATE)))
    public Uni<Response> update(@PathParam("id") String id, NewWebshop input) {
        return guarded(who -> webshops.update(who, webshopId(id), input).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/approve")
    @Operation(summary = "Approve a webshop (its approved_date becomes visible in the domain lookup)")
    @APIResponse(responseCode = "200", description = "The webshop after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.WebshopState.class), examples = @ExampleObject(name = "approved", value = EXAMPLE_STATE)))
    public Uni<Response> approve(@PathParam("id") String id) {
        return guarded(who -> webshops.approve(who, webshopId(id)).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/reply-access")
    @Operation(summary = "Grant access to the review reply endpoint")
    @APIResponse(responseCode = "200", description = "The webshop after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.WebshopState.class), examples = @ExampleObject(name = "granted", value = EXAMPLE_STATE)))
    public Uni<Response> grantReplyAccess(@PathParam("id") String id) {
        return guarded(who -> webshops.setReplyAccess(who, webshopId(id), true).map(AdminResource::summary));
    }

    @DELETE
    @Path("/webshops/{id}/reply-access")
    @Operation(summary = "Revoke access to the review reply endpoint")
    @APIResponse(responseCode = "200", description = "The webshop after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.WebshopState.class), examples = @ExampleObject(name = "revoked", value = EXAMPLE_STATE)))
    public Uni<Response> revokeReplyAccess(@PathParam("id") String id) {
        return guarded(who -> webshops.setReplyAccess(who, webshopId(id), false).map(AdminResource::summary));
    }

    @POST
    @Path("/webshops/{id}/rotate-code")
    @Operation(summary = "Issue a new API code; the old one stops working")
    @APIResponse(responseCode = "200", description = "The new credentials.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.Credentials.class), examples = @ExampleObject(name = "rotated", value = EXAMPLE_CREDENTIALS)))
    public Uni<Response> rotateCode(@PathParam("id") String id) {
        return guarded(who -> webshops.rotateCode(who, webshopId(id)).map(AdminResource::credentials));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/owners")
    @Operation(summary = "Invite an address to a webshop's dashboard ({\"webshop_id\", \"email\"}); mails a link to set the password")
    @APIResponse(responseCode = "200", description = "The owner (new or known) and the webshop; the mail is sent.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = OperatorOwnersResource.InvitedAnswer.class),
            examples = @ExampleObject(name = "invited", value = OperatorOwnersResource.INVITED_EXAMPLE)))
    public Uni<Response> inviteOwner(OperatorOwnersResource.InviteRequest request) {
        return guarded(who -> OperatorOwnersResource.invite(owners, who, request));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Path("/partner-tokens")
    @Operation(summary = "Issue a partner token (shown only now)")
    @APIResponse(responseCode = "200", description = "The new token.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = AdminAnswers.IssuedToken.class), examples = @ExampleObject(name = "issued", value = EXAMPLE_TOKEN)))
    public Uni<Response> issueToken(PartnerTokenRequest request) {
        return guarded(who -> {
            if (request == null || request.partner() == null || request.partner().isBlank()) {
                throw EnvelopeException.invalid("partner is required.");
            }
            return tokens.issue(who, request.partner()).map(issued -> Envelope.ok(AdminAnswers.IssuedToken.of(issued)));
        });
    }

    @DELETE
    @Path("/partner-tokens/{id}")
    @Operation(summary = "Revoke a partner token")
    @APIResponse(responseCode = "204", description = "Revoked.")
    @APIResponse(responseCode = "404", description = "No such partner token.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown token", value = "{\"status\":\"error\",\"message\":\"Partner token not found.\"}")))
    public Uni<Response> revokeToken(@PathParam("id") String id) {
        return guarded(who -> tokens.revoke(who, webshopId(id)).map(found -> {
            if (!found) {
                throw EnvelopeException.notFound("Partner token not found.");
            }
            return Response.noContent().build();
        }));
    }

    private Uni<Response> guarded(Function<Operator, Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> work.apply(Callers.operator(identity))), ErrorBody.PLAIN);
    }

    private static long webshopId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Not found.");
        }
        return parsed;
    }

    private static Response credentials(IssuedWebshop issued) {
        return Envelope.ok(AdminAnswers.Credentials.of(issued));
    }

    private static Response summary(Webshop shop) {
        return Envelope.ok(AdminAnswers.WebshopState.of(shop));
    }
}
