package dev.shopreviews.ratings.ratings.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.api.QueryParams;
import dev.shopreviews.ratings.ratings.service.Ratings;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.3: retrieve ratings. id+code for shop backends; id+public_code for browser JavaScript, which alone gets
 * {@code Access-Control-Allow-Origin: *} ({@link PublicRatingsOrigin}), never sees held or quarantined reviews and gets
 * no e-mail addresses. The framework checks either code before the endpoint runs (common security: api-code or
 * public-code; the API code wins when both are given).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/ratings.json")
@Produces(MediaType.APPLICATION_JSON)
public class RatingsResource {
    static final String SUCCESS = "Ratings successfully retrieved!";

    private final Ratings ratings;
    private final SecurityIdentity identity;

    public RatingsResource(Ratings ratings, SecurityIdentity identity) {
        this.ratings = ratings;
        this.identity = identity;
    }

    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Ratings successfully retrieved!\",\"total\":27,"
            + "\"ratings\":[{\"id\":5123,\"name\":\"Anna de Vries\",\"email\":\"anna@example.com\","
            + "\"order_number\":\"ORD-10023\",\"rating\":5,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,"
            + "\"pricequality\":5,\"aftersale\":4},\"comment\":\"Quick delivery, well packed.\",\"date\":\"2026-11-24\","
            + "\"country\":\"NL\",\"language\":\"nl\",\"created\":\"2026-11-24 09:12:45\",\"read\":false,"
            + "\"quarantine\":false,\"verified\":true,\"reaction\":\"\"}]}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"ratings\":[]}";
    static final String EXAMPLE_400 = "{\"status\":\"error\",\"message\":\"Not all obligated variables are set.\",\"ratings\":[]}";

    @GET
    @RolesAllowed({Roles.SHOP, Roles.PUBLIC_CODE})
    @WithSession
    @Operation(summary = "Retrieve the webshop's reviews, newest first (spec 4.3)",
            description = "With id and code for shop backends; with id and public_code for browser JavaScript, which gets "
                    + "Access-Control-Allow-Origin: *, no held or quarantined reviews and empty e-mail addresses.")
    @APIResponse(responseCode = "200", description = "One page of reviews and the total of matching ones.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsPage.class),
            examples = @ExampleObject(name = "one review", value = EXAMPLE)))
    @APIResponse(responseCode = "400", description = "id or code missing, or offset, limit or language invalid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsError.class),
            examples = @ExampleObject(name = "missing code", value = EXAMPLE_400)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RatingsError.class),
            examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    public Uni<Response> retrieve(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                  @Parameter(description = "the webshop's API code (shop backends)") @QueryParam("code") String code,
                                  @Parameter(description = "the webshop's public code (browser JavaScript), instead of code")
                                  @QueryParam("public_code") String publicCode,
                                  @Parameter(description = "only reviews in this language (ISO-639-1, e.g. nl)")
                                  @QueryParam("language") String language,
                                  @Parameter(description = "reviews to skip, 0 or more (default 0)") @QueryParam("offset") String offset,
                                  @Parameter(description = "page size 1-100 (default 10)") @QueryParam("limit") String limit) {
        boolean publicView = identity.hasRole(Roles.PUBLIC_CODE);
        long webshop = Callers.shop(identity).id;
        Uni<Response> work = Uni.createFrom().deferred(() -> ratings.page(webshop, QueryParams.language(language), publicView,
                        QueryParams.integer(offset, "offset", 0, 0, Integer.MAX_VALUE),
                        QueryParams.integer(limit, "limit", 10, 1, 100)))
                .map(page -> Envelope.ok(RatingsPage.of(page)));
        return Envelope.guard(work, RatingsError::of);
    }
}
