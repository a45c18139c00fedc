package dev.shopreviews.ratings.reply.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.ratings.reply.service.Replies;
import dev.shopreviews.ratings.reply.service.ReplyRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.8: add review reply. Checks in this order: id/code (400 missing, 401 wrong), reply access granted by the
 * operator (401), the body (400), the review belongs to the caller's webshop (404).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/review_replies.json")
@Produces(MediaType.APPLICATION_JSON)
public class ReviewRepliesResource {
    static final String SUCCESS = "Reply successfully added";

    private final WebshopAuthenticator authenticator;
    private final Replies replies;
    private final ObjectMapper mapper;

    public ReviewRepliesResource(WebshopAuthenticator authenticator, Replies replies, ObjectMapper mapper) {
        this.authenticator = authenticator;
        this.replies = replies;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> add(@QueryParam("id") String id, @QueryParam("code") String code, String body) {
        Uni<Response> work = Panache.withSession(() -> authenticator.authenticate(id, code))
                .chain(shop -> {
                    Replies.checkAccess(shop);
                    return replies.add(shop.id, ReplyRequest.parse(body, mapper));
                })
                .map(done -> Envelope.success(SUCCESS, Map.of()));
        return Envelope.guard(work, Map.of());
    }
}
