package dev.shopreviews.ratings.admin.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.admin.service.ReviewModeration;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.function.Function;

/**
 * The operator's review moderation (Bearer operator token). Not routed by the public gateway. Each change emits
 * reviews.updated (or reviews.deleted) and the new ratings.summary.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.MACHINE)
@Path("/admin/reviews/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator review moderation")
@APIResponse(responseCode = "200", description = "The review's moderation state after the change.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReviewState.class),
        examples = @ExampleObject(name = "quarantined", value = AdminReviewsResource.EXAMPLE)))
@APIResponse(responseCode = "401", description = "No or a wrong operator token.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "no operator token",
                value = "{\"status\":\"error\",\"message\":\"Operator token required.\"}")))
@APIResponse(responseCode = "404", description = "No review with this id.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "unknown review", value = "{\"status\":\"error\",\"message\":\"Review not found.\"}")))
public class AdminReviewsResource {
    static final String EXAMPLE = "{\"review_id\":5123,\"webshop_id\":1001,\"read\":true,\"quarantine\":true,"
            + "\"quarantine_reason\":\"Advertises another shop.\",\"verified\":false,\"held\":false,\"deleted\":false}";

    private final SecurityIdentity identity;
    private final ReviewModeration moderation;

    public AdminReviewsResource(SecurityIdentity identity, ReviewModeration moderation) {
        this.identity = identity;
        this.moderation = moderation;
    }

    public record QuarantineRequest(String reason) {
    }

    @POST
    @Path("/read")
    @Operation(summary = "Mark a review as read")
    public Uni<Response> read(@PathParam("id") String id) {
        return guarded(who -> moderation.markRead(who, reviewId(id), true));
    }

    @DELETE
    @Path("/read")
    @Operation(summary = "Mark a review as unread")
    public Uni<Response> unread(@PathParam("id") String id) {
        return guarded(who -> moderation.markRead(who, reviewId(id), false));
    }

    @POST
    @Path("/quarantine")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Quarantine a review with a reason")
    public Uni<Response> quarantine(@PathParam("id") String id,
                                    QuarantineRequest request) {
        return guarded(who -> moderation.quarantine(who, reviewId(id), request == null ? null : request.reason()));
    }

    @DELETE
    @Path("/quarantine")
    @Operation(summary = "Release a review from quarantine")
    public Uni<Response> release(@PathParam("id") String id) {
        return guarded(who -> moderation.release(who, reviewId(id)));
    }

    @DELETE
    @Operation(summary = "Delete a review (emits reviews.deleted; the detailed feed reports it as deleted)")
    public Uni<Response> delete(@PathParam("id") String id) {
        return guarded(who -> moderation.delete(who, reviewId(id)));
    }

    /** Quarantine, release and delete are audited as the machine token ({@code Operator.MACHINE_TOKEN}). */
    private Uni<Response> guarded(Function<Operator, Uni<Review>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> work.apply(Callers.operator(identity))).map(review -> Envelope.ok(ReviewState.of(review))), ErrorBody.PLAIN);
    }

    private static long reviewId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Review not found.");
        }
        return parsed;
    }
}
