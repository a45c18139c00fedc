package dev.shopreviews.ratings.ratings.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.ratings.api.QueryParams;
import dev.shopreviews.ratings.ratings.service.Ratings;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.3: retrieve ratings. id+code for shop backends; id+public_code for browser JavaScript, which alone gets
 * {@code Access-Control-Allow-Origin: *}, never sees held or quarantined reviews and gets no e-mail addresses.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/ratings.json")
@Produces(MediaType.APPLICATION_JSON)
public class RatingsResource {
    static final String SUCCESS = "Ratings successfully retrieved!";

    private final WebshopAuthenticator authenticator;
    private final Ratings ratings;

    public RatingsResource(WebshopAuthenticator authenticator, Ratings ratings) {
        this.authenticator = authenticator;
        this.ratings = ratings;
    }

    @GET
    @WithSession
    public Uni<Response> retrieve(@QueryParam("id") String id, @QueryParam("code") String code,
                                  @QueryParam("public_code") String publicCode, @QueryParam("language") String language,
                                  @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        boolean publicView = QueryParams.blank(code) && !QueryParams.blank(publicCode);
        Uni<WebshopReplica> caller = Uni.createFrom().deferred(() -> publicView
                ? authenticator.authenticatePublic(id, publicCode) : authenticator.authenticate(id, code));
        Uni<Response> work = caller.chain(shop -> ratings.page(shop.id, QueryParams.language(language), publicView,
                        QueryParams.integer(offset, "offset", 0, 0, Integer.MAX_VALUE),
                        QueryParams.integer(limit, "limit", 10, 1, 100)))
                .map(page -> {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("total", page.total());
                    fields.put("ratings", page.items());
                    return Envelope.success(SUCCESS, fields);
                });
        Uni<Response> answered = Envelope.guard(work, Map.of("ratings", List.of()));
        return publicView ? answered.map(RatingsResource::allowAnyOrigin) : answered;
    }

    private static Response allowAnyOrigin(Response response) {
        return Response.fromResponse(response).header("Access-Control-Allow-Origin", "*").build();
    }
}
