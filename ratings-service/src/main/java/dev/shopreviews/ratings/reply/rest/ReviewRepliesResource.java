package dev.shopreviews.ratings.reply.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.reply.service.ReplyRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.8: add review reply. Checks in this order: id/code (400 missing, 401 wrong), reply access granted by the
 * operator (401), the body (400), the review belongs to the caller's webshop (404). The body is therefore read
 * where that order puts it ({@link RequestBodies#read}: the same strict binding and Bean Validation as a {@code @Valid}
 * parameter, which would be checked before the endpoint runs, ahead of the reply access).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
// Whoever holds the webshop's API code (id and code, checked by the framework: common security's ShopIdentities).
@RolesAllowed(Roles.SHOP)
@Path("/api/1.0/review_replies.json")
@Produces(MediaType.APPLICATION_JSON)
public class ReviewRepliesResource {
    public static final String SUCCESS = "Reply successfully added";

    private final SecurityIdentity identity;
    private final Replies replies;
    private final RequestBodies bodies;

    public ReviewRepliesResource(SecurityIdentity identity, Replies replies, RequestBodies bodies) {
        this.identity = identity;
        this.replies = replies;
        this.bodies = bodies;
    }

    @POST
    @WithSession
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Add the shop's reply to one of its reviews (spec 4.8)",
            description = "Needs reply access granted by the operator. Body: {\"review_id\":5123,\"reply\":\"…\",\"notify\":true}.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReplyRequest.class),
            examples = @ExampleObject(name = "reply and notify",
                    value = "{\"review_id\":5123,\"reply\":\"Thank you for your review!\",\"notify\":true}")))
    @APIResponse(responseCode = "200", description = "The reply is stored (and the reviewer notified when asked).", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "added", value = "{\"status\":\"success\",\"message\":\"Reply successfully added\"}")))
    @APIResponse(responseCode = "400", description = "id or code missing, or the body is not a valid reply.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "empty reply",
                    value = "{\"status\":\"error\",\"message\":\"Invalid value for reply: expected a non-empty string.\"}")))
    @APIResponse(responseCode = "401", description = "Wrong credentials, or no reply access.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "wrong code",
                    value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}")))
    @APIResponse(responseCode = "404", description = "The review is not one of this webshop's.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> add(String body) {
        Uni<Response> work = Uni.createFrom().item(() -> Callers.shop(identity))
                .chain(shop -> {
                    Replies.checkAccess(shop);
                    return replies.addByShop(shop.id, bodies.read(body, ReplyRequest.class));
                })
                .map(done -> Envelope.ok(StatusMessage.success(SUCCESS)));
        return Envelope.guard(work, ErrorBody.PLAIN);
    }
}
