package dev.shopreviews.partner.owner.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.Answer;
import dev.shopreviews.partner.owner.service.OwnerInvitations;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;

/**
 * Shop owners seen from the operator side: who manages a webshop, and inviting an address to its dashboard (the
 * console as an admin, gateway path {@code /operator/api/partner/owners}; scripts with the machine token use
 * {@code POST /admin/owners} of AdminResource, which answers through {@link #invite(OwnerInvitations, Operator, InviteRequest)}).
 */
@Cancellable(false)
@RolesAllowed(Roles.ADMIN)
@Path("/operator/api/partner/owners")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: shop owners")
public class OperatorOwnersResource {
    private final OwnerInvitations invitations;
    private final SecurityIdentity identity;

    public OperatorOwnersResource(OwnerInvitations invitations, SecurityIdentity identity) {
        this.invitations = invitations;
        this.identity = identity;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record InviteRequest(String webshopId, String email) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record OwnerLine(long id, String email, boolean passwordSet, boolean totp, Instant createdAt) {
    }

    /** The same for an address with or without an account: it names no owner. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Invited(long webshopId) {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record InvitedAnswer(String status, String message, Invited data) {
    }

    public static final String INVITED = "Invitation on its way: the address gets a link to the dashboard.";
    public static final String INVITED_EXAMPLE = "{\"status\":\"success\",\"message\":\"" + INVITED + "\",\"data\":{\"webshop_id\":1001}}";

    @GET
    @Operation(summary = "The owners of a webshop")
    public Uni<Response> list(@QueryParam("webshop") String webshop) {
        return Envelope.guarded(() -> invitations.ownersOf(webshopId(webshop)).map(owners -> Envelope.ok(new Answer<>(
                Messages.SUCCESS, owners.size() + " owner(s).", owners.stream().map(o -> new OwnerLine(o.id, o.email,
                        o.passwordHash != null, o.totpSecret != null, o.createdAt)).toList()))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Invite an address to a webshop's dashboard (mails a link to set the password)")
    public Uni<Response> invite(InviteRequest request) {
        return Envelope.guarded(() -> invite(invitations, Callers.operator(identity), request));
    }

    /** The invitation and its answer, for the console and the admin API (AdminResource, {@code POST /admin/owners}). */
    public static Uni<Response> invite(OwnerInvitations invitations, Operator who, InviteRequest request) {
        InviteRequest body = request == null ? new InviteRequest(null, null) : request;
        return invitations.invite(who, webshopId(body.webshopId()), body.email()).map(invited -> Envelope.ok(
                new InvitedAnswer(Messages.SUCCESS, INVITED, new Invited(invited.webshopId()))));
    }

    static long webshopId(String value) {
        Long id = TextInput.id(value);
        if (id == null) {
            throw EnvelopeException.invalid("webshop must be a webshop id.");
        }
        return id;
    }
}
