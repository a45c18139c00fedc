package dev.shopreviews.ratings.privacy.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.privacy.service.ReviewerData;
import dev.shopreviews.ratings.privacy.service.ReviewerReviews;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The reviewer's privacy page, reviews part (docs/privacy.md; routed by the gateway under /privacy/api/reviews/):
 * the address is the one of the signed session cookie {@value PrivacySessions#COOKIE}, never a parameter. Reads need
 * the cookie (401 without a valid one); changes also the header {@code X-Privacy-Request: 1} (403 without it).
 * Every answer, errors too, carries {@code Cache-Control: no-store}. An edit's body is a {@code @Valid}
 * {@link PrivacyReviewEdit}: checked after the cookie and header, before the review's id.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.PRIVACY)
@Path("/privacy/api/reviews")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Privacy page: the reviewer's reviews")
@APIResponse(responseCode = "401", description = "No valid session cookie (missing, forged or expired).", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "no session", value = PrivacyReviewsResource.EXAMPLE_401)))
public class PrivacyReviewsResource {
    static final String LISTED = "Your reviews.";
    static final String UPDATED = "Review updated.";
    static final String DELETED = "Review deleted.";
    static final String EXPORTED = "Everything stored about your address by the reviews service.";
    static final String NOT_FOUND = "Review not found.";

    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Your privacy link has expired. Ask for a new one.\"}";
    static final String EXAMPLE_403 = "{\"status\":\"error\",\"message\":\"This request must come from the privacy page.\"}";
    static final String EXAMPLE_404 = "{\"status\":\"error\",\"message\":\"Review not found.\"}";
    static final String REVIEW = "{\"id\":5123,\"webshop_id\":1001,\"webshop_name\":\"Fietsenwinkel\",\"rating\":4,"
            + "\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":3,\"aftersale\":4},"
            + "\"comment\":\"Snel geleverd.\",\"date\":\"2026-01-02\",\"created\":\"2026-01-02 10:11:12\",\"verified\":true,"
            + "\"published\":true,\"quarantined\":false,\"held\":false,\"reaction\":\"Dank u wel!\","
            + "\"reaction_date\":\"2026-01-03 09:00:00\",\"products\":[{\"product_id\":\"B-12\",\"name\":\"Bel\","
            + "\"url\":\"https://fietsen.example/bel\",\"rating\":5,\"text\":\"Hard genoeg.\"}],\"import_source\":null}";
    static final String EXAMPLE_LIST = "{\"status\":\"success\",\"message\":\"Your reviews.\",\"reviews\":[" + REVIEW + "]}";
    static final String EXAMPLE_UPDATED = "{\"status\":\"success\",\"message\":\"Review updated.\",\"review\":" + REVIEW + "}";
    static final String EXAMPLE_EXPORT = "{\"status\":\"success\",\"message\":\"" + EXPORTED + "\",\"part\":\"reviews\","
            + "\"reviews\":[{\"id\":5123,\"webshop_id\":1001,\"webshop_name\":\"Fietsenwinkel\",\"origin\":\"invitation\","
            + "\"invitation_id\":77,\"order_number\":\"A-1\",\"name\":\"Jan\",\"email\":\"jan@example.com\",\"country\":\"NL\","
            + "\"language\":\"nl\",\"rating\":4,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":3,"
            + "\"aftersale\":4},\"comment\":\"Snel geleverd.\",\"client_address\":null,\"verified\":true,\"held\":false,"
            + "\"quarantined\":false,\"quarantine_reason\":null,\"read\":true,\"reaction\":\"\",\"reaction_at\":null,"
            + "\"created_at\":\"2026-01-02 10:11:12\",\"modified_at\":\"2026-01-02 10:11:12\",\"deleted_at\":null,"
            + "\"products\":[]}],\"order_confirmations\":[{\"webshop_id\":1001,\"order_number\":\"A-1\","
            + "\"email\":\"jan@example.com\",\"confirmed_at\":\"2026-01-01 08:00:00\"}],\"reply_notifications\":[],"
            + "\"erased_reviews\":[]}";

    private final SecurityIdentity identity;
    private final ReviewerReviews reviews;

    public PrivacyReviewsResource(SecurityIdentity identity, ReviewerReviews reviews) {
        this.identity = identity;
        this.reviews = reviews;
    }

    @GET
    @Operation(summary = "List the session address's reviews on every webshop (not deleted ones), newest first")
    @APIResponse(responseCode = "200", description = "The reviews, with webshop name, state, the shop's reply and products.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PrivacyReviewsAnswer.class),
                    examples = @ExampleObject(name = "one review", value = EXAMPLE_LIST)))
    public Uni<Response> list() {
        return answer(() -> reviews.list(Callers.person(identity).email())
                .map(data -> Envelope.ok(PrivacyReviewsAnswer.of(reviews(data)))));
    }

    @GET
    @Path("/export")
    @Operation(summary = "Export everything this service stores about the session address")
    @APIResponse(responseCode = "200", description = "Reviews (deleted ones too) with products and replies, order "
            + "confirmations and reply notifications.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = PrivacyExport.class), examples = @ExampleObject(name = "export", value = EXAMPLE_EXPORT)))
    public Uni<Response> export() {
        return answer(() -> reviews.export(Callers.person(identity).email())
                .map(data -> Envelope.ok(PrivacyExport.of(data))));
    }

    @PUT
    @Path("/{id}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Change one of the session address's reviews (rating, sub-ratings, comment; the review form's rules)",
            description = "Emits reviews.updated and the webshop's new ratings.summary.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PrivacyReviewEdit.class),
            examples = @ExampleObject(name = "change", value = "{\"rating\":3,\"shippingtime\":3,\"customerservice\":4,"
                    + "\"pricequality\":3,\"aftersale\":2,\"comment\":\"Later kapot gegaan.\"}")))
    @APIResponse(responseCode = "200", description = "The review after the change.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PrivacyReviewAnswer.class),
            examples = @ExampleObject(name = "changed", value = EXAMPLE_UPDATED)))
    @APIResponse(responseCode = "400", description = "The body breaks a rule of the review form.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "rating out of range",
                    value = "{\"status\":\"error\",\"message\":\"Invalid review: rating must be an integer from 1 to 5.\"}")))
    @APIResponse(responseCode = "403", description = "The header X-Privacy-Request: 1 is missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "not from the page", value = EXAMPLE_403)))
    @APIResponse(responseCode = "404", description = "No such review of this address (unknown, deleted or someone else's).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "not yours", value = EXAMPLE_404)))
    public Uni<Response> edit(@Parameter(description = "the review's id") @PathParam("id") String id,
                              @Valid PrivacyReviewEdit body) {
        return answer(() -> {
            String email = Callers.person(identity).email();
            long reviewId = reviewId(id);
            return reviews.edit(email, reviewId, body.change())
                    .map(data -> Envelope.ok(PrivacyReviewAnswer.of(reviews(data).get(0))));
        });
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Delete one of the session address's reviews",
            description = "The same deletion as the operator's: reviews.deleted and the webshop's new ratings.summary.")
    @APIResponse(responseCode = "200", description = "The review is deleted.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "deleted", value = "{\"status\":\"success\",\"message\":\"Review deleted.\"}")))
    @APIResponse(responseCode = "403", description = "The header X-Privacy-Request: 1 is missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "not from the page", value = EXAMPLE_403)))
    @APIResponse(responseCode = "404", description = "No such review of this address (unknown, deleted or someone else's).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "not yours", value = EXAMPLE_404)))
    public Uni<Response> delete(@Parameter(description = "the review's id") @PathParam("id") String id) {
        return answer(() -> {
            String email = Callers.person(identity).email();
            return reviews.delete(email, reviewId(id)).map(done -> Envelope.ok(StatusMessage.success(DELETED)));
        });
    }

    private static java.util.List<PrivacyReview> reviews(ReviewerData data) {
        Map<Long, java.util.List<dev.shopreviews.ratings.review.repository.ProductReview>> products = data.productsByReview();
        return data.reviews().stream().map(review -> PrivacyReview.of(review, data.webshopName(review.webshopId),
                products.getOrDefault(review.id, java.util.List.of()))).toList();
    }

    /** Every answer, errors too, is the envelope with Cache-Control: no-store (it names the person's data). */
    private static Uni<Response> answer(Supplier<Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().<Response>deferred(work::get), ErrorBody.PLAIN)
                .map(response -> Response.fromResponse(response).header(HttpHeaders.CACHE_CONTROL, "no-store").build());
    }

    private static long reviewId(String id) {
        Long parsed = WebshopAuthenticator.parseId(id);
        if (parsed == null) {
            throw EnvelopeException.notFound(NOT_FOUND);
        }
        return parsed;
    }
}
