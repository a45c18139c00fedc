package dev.shopreviews.embed.browser.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.embed.browser.service.BrowserInput;
import dev.shopreviews.embed.browser.service.Countries;
import dev.shopreviews.embed.browser.service.OrderSignatures;
import dev.shopreviews.embed.browser.service.Origins;
import dev.shopreviews.embed.browser.service.RateLimiter;
import dev.shopreviews.embed.browser.service.Submissions;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.Optional;
import java.util.function.Function;

/**
 * The POSTs of sidebar.js (JSON, cross-origin from the webshop's pages): the consent pop-up's choice
 * ({@code /embed/{id}/consent}) and the add-review pop-up ({@code /embed/{id}/reviews}). Checks in order: webshop
 * known (404), rate limit per client address and webshop (429), webshop not deactivated (403), Origin (403), body (400). CORS answers only
 * allowed origins.
 */
// Visitors' browsers: the pop-up's consent and review posts, checked by the public code, the shop's order signature and per-client limits.
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/embed/{id}")
@APIResponse(responseCode = "400", description = "The body's first problem.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "bad rating", value = BrowserPostsResource.EXAMPLE_400)))
@APIResponse(responseCode = "403", description = "The Origin is not the webshop's own website, the webshop is deactivated "
        + "(\"This shop no longer collects reviews here.\"), or the consent's order-data signature is wrong (\"The order data's "
        + "signature is not valid.\"); nothing is recorded.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
@APIResponse(responseCode = "404", description = "Unknown webshop.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
@APIResponse(responseCode = "503", description = "The shop's order-data signature cannot be checked (embed-service cannot decrypt "
        + "its API code's copy); nothing is recorded.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
@APIResponse(responseCode = "429", description = "Rate limit of this address for this webshop (Retry-After).", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
public class BrowserPostsResource {
    static final String EXAMPLE_400 = "{\"status\":\"error\",\"message\":\"Invalid value for rating: expected an integer from 1 to 5.\"}";
    static final String NOT_AN_OBJECT = "The request body must be a JSON object.";
    static final String NOT_JSON = "The request body is not valid JSON.";
    static final String NOT_COLLECTING = "This shop no longer collects reviews here.";
    static final String REVIEW = "{\"rating\":5,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":5,\"aftersale\":4},\"comment\":\"Quick delivery, well packed.\",\"name\":\"Anna\",\"email\":\"anna@example.com\"}";

    private final ShopViews views;
    private final Origins origins;
    private final ClientAddresses clients;
    private final RateLimiter limiter;
    private final Submissions submissions;
    private final ObjectMapper mapper;
    private final OrderSignatures signatures;

    public BrowserPostsResource(ShopViews views, Origins origins, RateLimiter limiter, Submissions submissions, ObjectMapper mapper,
                                ClientAddresses clients, OrderSignatures signatures) {
        this.signatures = signatures;
        this.clients = clients;
        this.views = views;
        this.origins = origins;
        this.limiter = limiter;
        this.submissions = submissions;
        this.mapper = mapper;
    }

    @OPTIONS
    @Path("{what: consent|reviews}")
    @WithSession
    @Operation(summary = "CORS preflight of the browser POSTs: 204 for an allowed origin, else 403")
    public Uni<Response> preflight(@PathParam("id") String id, @HeaderParam("Origin") String origin, @Context HttpServerRequest request) {
        Optional<Long> webshopId = ShopViews.id(id);
        if (webshopId.isEmpty()) {
            return Uni.createFrom().item(Response.status(404).build());
        }
        return views.find(webshopId.get(), 0).map(view -> view instanceof ShopView.Shown shown
                && origins.allowed(origin, shown.display(), ownOrigin(request))
                ? Response.noContent().header("Access-Control-Allow-Origin", origin).header("Vary", "Origin")
                    .header("Access-Control-Allow-Methods", "POST").header("Access-Control-Allow-Headers", "Content-Type")
                    .header("Access-Control-Max-Age", "600").build()
                : Response.status(403).header("Vary", "Origin").build());
    }

    @POST
    @Path("consent")
    @Consumes(MediaType.APPLICATION_JSON)
    @WithTransaction
    @Operation(summary = "The consent pop-up's choice (sidebar.js): review written in the pop-up, or ask me later")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = BrowserInput.ConsentPost.class), examples = @ExampleObject(name = "review written",
            value = "{\"order_number\":\"ORD-10023\",\"choice\":\"review_written\",\"invite_delay\":5,"
                    + "\"email\":\"anna@example.com\",\"first_name\":\"Anna\",\"language\":\"nl\",\"review\":" + REVIEW + "}")))
    @APIResponse(responseCode = "200", description = "Recorded.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "recorded",
            value = "{\"status\":\"success\",\"message\":\"Your choice has been recorded.\"}")))
    public Uni<Response> consent(@PathParam("id") String id, @HeaderParam("Origin") String origin,
                                 @HeaderParam("Accept-Language") String acceptLanguage, @Context HttpServerRequest request, String body) {
        return guarded(id, origin, request, body, (shop, json) -> {
            BrowserInput.ConsentPost post = BrowserInput.consentPost(json);
            String email = post.email();
            ReviewSubmitted review = null;
            if (post.review() != null) {
                review = Submissions.submitted(shop.id(), ReviewSubmitted.ORIGIN_POPUP, null, post.orderNumber(), post.review(),
                        country(acceptLanguage, shop), language(post.language(), shop), null, client(request));
                email = email == null ? post.review().email() : email;
            }
            String confirmedEmail = null;
            if (signatures.check(shop.shop(), post.signature(), post.orderData()) == OrderSignatures.Outcome.VALID) {
                confirmedEmail = OrderSignatures.boundEmail(shop.id(), post.orderData(), post.orderNumber(), email,
                        review == null ? null : review.email());
            }
            return submissions.consent(shop.id(), post.orderNumber(), post.choice(), post.inviteDelay(), email,
                            post.firstName(), review, confirmedEmail)
                    .replaceWith(Envelope.ok(StatusMessage.success("Your choice has been recorded.")));
        });
    }

    @POST
    @Path("reviews")
    @Consumes(MediaType.APPLICATION_JSON)
    @WithTransaction
    @Operation(summary = "The add-review pop-up (sidebar.js): a review of the webshop, never verified")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = BrowserInput.ReviewPost.class), examples = @ExampleObject(name = "review",
            value = REVIEW)))
    @APIResponse(responseCode = "200", description = "Sent.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "sent",
            value = "{\"status\":\"success\",\"message\":\"Your review has been sent.\"}")))
    public Uni<Response> review(@PathParam("id") String id, @HeaderParam("Origin") String origin,
                                @HeaderParam("Accept-Language") String acceptLanguage, @Context HttpServerRequest request, String body) {
        return guarded(id, origin, request, body, (shop, json) -> {
            BrowserInput.ReviewPost post = BrowserInput.reviewPost(json);
            ReviewSubmitted review = Submissions.submitted(shop.id(), ReviewSubmitted.ORIGIN_FORM, null, null, post.review(),
                    country(acceptLanguage, shop), language(post.language(), shop), null, client(request));
            return submissions.review(review).replaceWith(Envelope.ok(StatusMessage.success("Your review has been sent.")));
        });
    }

    interface Handler {
        Uni<Response> handle(ShopDisplay shop, JsonNode json);
    }

    private Uni<Response> guarded(String id, String origin, HttpServerRequest request, String body, Handler handler) {
        Optional<Long> webshopId = ShopViews.id(id);
        if (webshopId.isEmpty()) {
            return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
        }
        if (!limiter.tryAcquire(client(request), webshopId.get())) {
            return Uni.createFrom().item(cors(Response.fromResponse(Envelope.error(429,
                    "Too many requests from this address for this webshop. Please wait a minute and try again."))
                    .header("Retry-After", limiter.retryAfterSeconds()).build(), origin));
        }
        return views.find(webshopId.get(), 0).chain(view -> {
            if (view instanceof ShopView.Deactivated) {
                return Uni.createFrom().item(Envelope.error(403, NOT_COLLECTING));
            }
            if (!(view instanceof ShopView.Shown shown)) {
                return Uni.createFrom().item(Envelope.error(404, "Unknown webshop."));
            }
            ShopDisplay shop = shown.display();
            if (!origins.allowed(origin, shop, ownOrigin(request))) {
                return Uni.createFrom().item(Envelope.error(403, "This request must come from the webshop's own website."));
            }
            Function<Response, Response> withCors = response -> cors(response, origin);
            try {
                JsonNode json = JsonBodies.object(mapper, body, NOT_JSON, NOT_AN_OBJECT);  // no NUL reaches the pipeline
                return handler.handle(shop, json).map(withCors);
            } catch (BrowserInput.Invalid | EnvelopeException e) {
                return Uni.createFrom().item(withCors.apply(Envelope.error(400, e.getMessage())));
            } catch (OrderSignatures.Refused e) {
                return Uni.createFrom().item(withCors.apply(Envelope.error(403, e.getMessage())));
            } catch (OrderSignatures.Unavailable e) {
                return Uni.createFrom().item(withCors.apply(Envelope.error(503, e.getMessage())));
            }
        });
    }

    private static Response cors(Response response, String origin) {
        if (origin == null || origin.isBlank()) {
            return response;
        }
        return Response.fromResponse(response).header("Access-Control-Allow-Origin", origin).header("Vary", "Origin").build();
    }

    private static String language(String language, ShopDisplay shop) {
        if (language != null) {
            return language;
        }
        String main = shop.shop().mainLanguage();
        return main != null && main.matches("[a-z]{2}") ? main : Languages.FALLBACK;
    }

    private static String country(String acceptLanguage, ShopDisplay shop) {
        return Countries.guess(acceptLanguage, shop.shop().address() == null ? null : shop.shop().address().country());
    }

    private String client(HttpServerRequest request) {
        return clients.client(request);
    }

    static String ownOrigin(HttpServerRequest request) {
        String host = request.getHeader("Host");
        return host == null ? null : request.scheme() + "://" + host;
    }
}
