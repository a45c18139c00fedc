package dev.shopreviews.ratings.moderation.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.OperatorPaths;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.admin.service.ReviewModeration;
import dev.shopreviews.ratings.moderation.service.ModerationQueue;
import dev.shopreviews.ratings.moderation.service.ModerationState;
import dev.shopreviews.ratings.review.repository.Review;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.function.Supplier;

/**
 * The operator console's review moderation under {@code /operator/api/ratings/} (the gateway routes that prefix
 * here): reads need a console session of any role, decisions a moderator (or admin) and the console's request
 * header. Decisions go through {@link ReviewModeration}, the one place of their rules, announced and audited there.
 * hide's body is a {@code @Valid} {@link HideRequest}: checked after the session and header, before the review's id.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
// The same class path as common's OperatorPipelineResource: RESTEasy Reactive matches one resource class per path
// template, so a literal "/operator/api/ratings" here would shadow common's /audit, /pipeline and /dead-letters.
@RolesAllowed(Roles.MODERATOR)
@Path("/operator/api/{service}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Operator console: moderation")
@APIResponse(responseCode = "401", description = "No valid console session.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "signed out",
                value = "{\"status\":\"error\",\"message\":\"Sign in to the operator console.\"}")))
@APIResponse(responseCode = "404", description = "No such review, or it is deleted.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "unknown review", value = "{\"status\":\"error\",\"message\":\"Review not found.\"}")))
public class ModerationResource {
    static final String QUEUE_EXAMPLE = "{\"status\":\"success\",\"message\":\"Moderation queue retrieved.\",\"reviews\":[{"
            + "\"review_id\":5123,\"webshop_id\":1001,\"rating\":2,\"name\":\"Jan\",\"comment\":\"Zie www.example.com\","
            + "\"created\":\"2026-11-20T10:15:00Z\",\"state\":\"quarantined\",\"reason\":\"contains a link\",\"verified\":false,"
            + "\"report\":null,\"import_source\":null},{\"review_id\":5101,\"webshop_id\":1001,\"rating\":1,\"name\":\"Piet\",\"comment\":\"Nooit geleverd\","
            + "\"created\":\"2026-11-19T09:00:00Z\",\"state\":\"reported\",\"reason\":\"Never ordered from us.\",\"verified\":false,"
            + "\"report\":{\"source\":\"owner\",\"reason\":\"Never ordered from us.\",\"reporter\":\"owner:42\","
            + "\"created\":\"2026-11-21T08:00:00Z\",\"category\":null},\"import_source\":\"oldprovider\"}],"
            + "\"counts\":{\"quarantined\":1,\"held\":0,\"hidden\":3,\"reported\":1}}";
    static final String REVIEW_EXAMPLE = "{\"status\":\"success\",\"message\":\"Review retrieved.\",\"review\":{"
            + "\"review_id\":5123,\"webshop_id\":1001,\"rating\":2,\"name\":\"Jan\",\"comment\":\"Zie www.example.com\","
            + "\"created\":\"2026-11-20T10:15:00Z\",\"state\":\"quarantined\",\"reason\":\"contains a link\",\"verified\":false,"
            + "\"report\":null,\"import_source\":null},\"shop_reviews\":[{\"id\":5120,\"rating\":5,\"created\":\"2026-11-19T08:00:00Z\",\"state\":\"published\","
            + "\"import_source\":\"oldprovider\"}],"
            + "\"reviewer_reviews\":[{\"id\":4711,\"webshop_id\":1002,\"rating\":1,\"created\":\"2026-11-01T12:00:00Z\",\"state\":\"hidden\","
            + "\"import_source\":null}]}";
    static final String DECISION_EXAMPLE = "{\"status\":\"success\",\"message\":\"Review hidden.\",\"data\":{"
            + "\"review_id\":5123,\"webshop_id\":1001,\"state\":\"hidden\",\"quarantine\":false,\"hidden\":true,"
            + "\"deleted\":false,\"reason\":\"Names a member of staff.\"}}";
    static final String BAD_QUERY = "state must be quarantined, held, hidden or reported; webshop_id and before ids; limit 1-200.";

    private final SecurityIdentity identity;
    private final ModerationQueue queue;
    private final ReviewModeration moderation;
    private final String service;

    public ModerationResource(SecurityIdentity identity, ModerationQueue queue, ReviewModeration moderation,
                              @ConfigProperty(name = "quarkus.application.name") String application) {
        this.identity = identity;
        this.queue = queue;
        this.moderation = moderation;
        this.service = application.replaceFirst("-service$", "");
    }

    @GET
    @Path("/moderation")
    @Operation(summary = "The reviews in one moderation queue, newest first, with each queue's count")
    @APIResponse(responseCode = "200", description = "One page of the queue.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ModerationQueueAnswer.class),
            examples = @ExampleObject(name = "quarantined", value = QUEUE_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "A query parameter is not valid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown state", value = "{\"status\":\"error\",\"message\":\"" + BAD_QUERY + "\"}")))
    public Uni<Response> list(@PathParam("service") String service,
                              @Parameter(description = "quarantined (default), held, hidden or reported") @QueryParam("state")
                              @DefaultValue("quarantined") String state,
                              @Parameter(description = "only this webshop's reviews (the counts too)") @QueryParam("webshop_id") String webshopId,
                              @Parameter(description = "only reviews with a lower id (paging)") @QueryParam("before") String before,
                              @Parameter(description = "1-200, default 50") @QueryParam("limit") @DefaultValue("50") String limit) {
        return guarded(service, () -> {
            ModerationState queueState = ModerationState.parse(state).orElse(null);
            Long max = TextInput.integer(limit, 1, 200);
            long shop = TextInput.optionalId(webshopId);
            long beforeId = TextInput.optionalId(before);
            if (queueState == null || max == null || shop == -1 || beforeId == -1) {
                throw EnvelopeException.invalid(BAD_QUERY);
            }
            return queue.page(queueState, shop == 0 ? null : shop, beforeId == 0 ? null : beforeId, max.intValue())
                    .map(page -> Envelope.ok(new ModerationQueueAnswer(Messages.SUCCESS, "Moderation queue retrieved.",
                            page.reviews().stream().map(review -> ModerationItem.of(review, page.reports().get(review.id))).toList(),
                            page.counts())));
        });
    }

    @GET
    @Path("/reviews/{id}")
    @Operation(summary = "One review with its shop's latest other reviews and the same reviewer's other reviews")
    @APIResponse(responseCode = "200", description = "The review and its context.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ModerationReviewAnswer.class),
            examples = @ExampleObject(name = "in context", value = REVIEW_EXAMPLE)))
    public Uni<Response> review(@PathParam("service") String service, @PathParam("id") String id) {
        return guarded(service, () -> {
            return queue.review(reviewId(id)).map(found -> Envelope.ok(new ModerationReviewAnswer(Messages.SUCCESS,
                    "Review retrieved.", ModerationItem.of(found.review(), found.report()),
                    found.shopReviews().stream().map(ModerationReviewAnswer.ShopReview::of).toList(),
                    found.reviewerReviews().stream().map(ModerationReviewAnswer.ReviewerReview::of).toList())));
        });
    }

    @POST
    @Path("/reviews/{id}/publish")
    @Operation(summary = "Publish a review: release it from quarantine and stop hiding it (moderator)")
    @APIResponse(responseCode = "200", description = "The review's state after the decision.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ModerationDecisionAnswer.class),
            examples = @ExampleObject(name = "hidden", value = DECISION_EXAMPLE)))
    @APIResponse(responseCode = "403", description = "Not sent by the console, or the role does not permit it.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no console header",
                    value = "{\"status\":\"error\",\"message\":\"This request must come from the operator console.\"}")))
    public Uni<Response> publish(@PathParam("service") String service, @PathParam("id") String id) {
        return decided(service, "Review published.", () -> moderation.publish(Callers.operator(identity), reviewId(id)));
    }

    @POST
    @Path("/reviews/{id}/hide")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Hide a review's texts behind the moderators' notice with a public reason (moderator)",
            description = "The review stays public and counted; every public output shows \"Hidden by the moderators: "
                    + "<reason>\" in place of its comment. Releases a quarantined review.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = HideRequest.class),
            examples = @ExampleObject(name = "reason", value = "{\"reason\":\"Names a member of staff.\"}")))
    @APIResponse(responseCode = "200", description = "The review's state after the decision.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ModerationDecisionAnswer.class),
            examples = @ExampleObject(name = "hidden", value = DECISION_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "The reason is missing or not one line of 3 to 300 characters.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "too short",
                    value = "{\"status\":\"error\",\"message\":\"Invalid value for reason: expected one line of 3 to 300 characters.\"}")))
    public Uni<Response> hide(@PathParam("service") String service, @PathParam("id") String id,
                             @Valid HideRequest body) {
        return decided(service, "Review hidden.", () -> {
            var who = Callers.operator(identity);
            long reviewId = reviewId(id);
            return moderation.hide(who, reviewId, body.trimmedReason());
        });
    }

    @POST
    @Path("/reviews/{id}/delete")
    @Operation(summary = "Delete a review (moderator; emits reviews.deleted)")
    @APIResponse(responseCode = "200", description = "The review's state after the decision.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ModerationDecisionAnswer.class),
            examples = @ExampleObject(name = "hidden", value = DECISION_EXAMPLE)))
    public Uni<Response> delete(@PathParam("service") String service, @PathParam("id") String id) {
        return decided(service, "Review deleted.", () -> moderation.delete(Callers.operator(identity), reviewId(id)));
    }

    private Uni<Response> decided(String requested, String message, Supplier<Uni<Review>> decision) {
        return guarded(requested, () -> decision.get().map(review -> Envelope.ok(new ModerationDecisionAnswer(Messages.SUCCESS,
                message, ModerationDecisionAnswer.Decided.of(review)))));
    }

    private Uni<Response> guarded(String requested, Supplier<Uni<Response>> work) {
        return OperatorPaths.guarded(service, requested, work);
    }

    private static long reviewId(String id) {
        Long parsed = TextInput.id(id);
        if (parsed == null) {
            throw ModerationQueue.notFound();
        }
        return parsed;
    }
}
