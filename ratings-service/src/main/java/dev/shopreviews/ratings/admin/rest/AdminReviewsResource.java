package dev.shopreviews.ratings.admin.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.OperatorAuth;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.ratings.admin.service.ReviewModeration;
import dev.shopreviews.ratings.review.repository.Review;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The operator's review moderation (Bearer operator token). Not routed by the public gateway. Each change emits
 * reviews.updated (or reviews.deleted) and the new ratings.summary.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/admin/reviews/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator review moderation")
public class AdminReviewsResource {
    private final OperatorAuth operator;
    private final ReviewModeration moderation;

    public AdminReviewsResource(OperatorAuth operator, ReviewModeration moderation) {
        this.operator = operator;
        this.moderation = moderation;
    }

    public record QuarantineRequest(String reason) {
    }

    @POST
    @Path("/read")
    @Operation(summary = "Mark a review as read")
    public Uni<Response> read(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> moderation.markRead(reviewId(id), true));
    }

    @DELETE
    @Path("/read")
    @Operation(summary = "Mark a review as unread")
    public Uni<Response> unread(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> moderation.markRead(reviewId(id), false));
    }

    @POST
    @Path("/quarantine")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Quarantine a review with a reason")
    public Uni<Response> quarantine(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id,
                                    QuarantineRequest request) {
        return guarded(authorization, () -> moderation.quarantine(reviewId(id), request == null ? null : request.reason()));
    }

    @DELETE
    @Path("/quarantine")
    @Operation(summary = "Release a review from quarantine")
    public Uni<Response> release(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> moderation.release(reviewId(id)));
    }

    @DELETE
    @Operation(summary = "Delete a review (emits reviews.deleted; the detailed feed reports it as deleted)")
    public Uni<Response> delete(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") String id) {
        return guarded(authorization, () -> moderation.delete(reviewId(id)));
    }

    private Uni<Response> guarded(String authorization, Supplier<Uni<Review>> work) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            operator.check(authorization);
            return work.get();
        }).map(AdminReviewsResource::state), Map.of());
    }

    private static long reviewId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound("Review not found.");
        }
        return parsed;
    }

    private static Response state(Review review) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("review_id", review.id);
        body.put("webshop_id", review.webshopId);
        body.put("read", review.read);
        body.put("quarantine", review.quarantine);
        body.put("quarantine_reason", review.quarantineReason);
        body.put("verified", review.verified);
        body.put("held", review.held);
        body.put("deleted", review.deletedAt != null);
        return Envelope.json(200, body);
    }
}
