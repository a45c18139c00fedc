package dev.shopreviews.ratings.summary.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.ratings.summary.service.Summaries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.4: retrieve ratings summary (id+code only; public_code does not open it). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/ratings_summary.json")
@Produces(MediaType.APPLICATION_JSON)
public class RatingsSummaryResource {
    static final String SUCCESS = "Ratings summary successfully retrieved!";

    private final WebshopAuthenticator authenticator;
    private final Summaries summaries;

    public RatingsSummaryResource(WebshopAuthenticator authenticator, Summaries summaries) {
        this.authenticator = authenticator;
        this.summaries = summaries;
    }

    @GET
    @WithSession
    public Uni<Response> retrieve(@QueryParam("id") String id, @QueryParam("code") String code) {
        Uni<Response> work = authenticator.authenticate(id, code)
                .chain(shop -> summaries.of(shop.id))
                .map(summary -> Envelope.success(SUCCESS, Map.of("data", data(summary))));
        return Envelope.guard(work, Collections.singletonMap("data", null));
    }

    private static Map<String, Object> data(Summaries.Summary summary) {
        Map<String, Object> averages = new LinkedHashMap<>();
        averages.put("shippingtime", summary.shippingtime());
        averages.put("customerservice", summary.customerservice());
        averages.put("pricequality", summary.pricequality());
        averages.put("aftersale", summary.aftersale());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("amount", summary.amount());
        data.put("rating_average", summary.rating());
        data.put("ratings_average", averages);
        return data;
    }
}
