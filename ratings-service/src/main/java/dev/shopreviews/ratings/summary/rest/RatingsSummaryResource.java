package dev.shopreviews.ratings.summary.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.summary.service.Summaries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.4: retrieve ratings summary (id+code only; public_code does not open it). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
// Whoever holds the webshop's API code (id and code, checked by the framework: common security's ShopIdentities).
@RolesAllowed(Roles.SHOP)
@Path("/api/1.0/ratings_summary.json")
@Produces(MediaType.APPLICATION_JSON)
public class RatingsSummaryResource {
    static final String SUCCESS = "Ratings summary successfully retrieved!";

    private final SecurityIdentity identity;
    private final Summaries summaries;

    public RatingsSummaryResource(SecurityIdentity identity, Summaries summaries) {
        this.identity = identity;
        this.summaries = summaries;
    }

    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Ratings summary successfully retrieved!\",\"data\":"
            + "{\"amount\":3,\"rating_average\":4.33,\"ratings_average\":{\"shippingtime\":4.33,\"customerservice\":4.67,"
            + "\"pricequality\":4.33,\"aftersale\":1.67}}}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"data\":null}";

    @GET
    @WithSession
    @Operation(summary = "Retrieve the webshop's ratings summary: amount and averages (spec 4.4)")
    @APIResponse(responseCode = "200", description = "Amount and averages of the published reviews, two decimals.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsSummaryAnswer.class),
            examples = @ExampleObject(name = "three reviews", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code (a public_code does not open it).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsSummaryAnswer.class),
                    examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "400", description = "id or code missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsSummaryAnswer.class)))
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> retrieve() {
        Uni<Response> work = Uni.createFrom().item(() -> Callers.shop(identity))
                .chain(shop -> summaries.of(shop.id))
                .map(summary -> Envelope.ok(RatingsSummaryAnswer.of(summary)));
        return Envelope.guard(work, RatingsSummaryAnswer::error);
    }
}
