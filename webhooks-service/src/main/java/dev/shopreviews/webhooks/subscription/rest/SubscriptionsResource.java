package dev.shopreviews.webhooks.subscription.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.webhooks.delivery.repository.DeliveryLog;
import dev.shopreviews.webhooks.subscription.repository.WebhookSubscription;
import dev.shopreviews.webhooks.subscription.service.SubscribeRequest;
import dev.shopreviews.webhooks.subscription.service.Subscriptions;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.9 (subscribe webhook) and the subscription operations the spec leaves "not shown" (see docs/api-notes.md). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0")
@Produces(MediaType.APPLICATION_JSON)
public class SubscriptionsResource {
    static final String CREATED = "Webhook subscription created";
    static final String LISTED = "Webhook subscriptions successfully retrieved!";
    static final String ACTIVATED = "Webhook subscription activated";
    static final String DEACTIVATED = "Webhook subscription deactivated";
    static final String DELETED = "Webhook subscription deleted";
    static final String DELIVERIES = "Webhook deliveries successfully retrieved!";
    static final String REDELIVERY = "Webhook delivery scheduled for redelivery";
    static final String BAD_LIMIT = "limit must be an integer from 1 to 100.";
    static final String BAD_OFFSET = "offset must be a non-negative integer.";

    private final WebshopAuthenticator auth;
    private final Subscriptions subscriptions;
    private final DeliveryLog deliveryLog;
    private final ObjectMapper mapper;

    public SubscriptionsResource(WebshopAuthenticator auth, Subscriptions subscriptions, DeliveryLog deliveryLog,
                                 ObjectMapper mapper) {
        this.auth = auth;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.mapper = mapper;
    }

    @POST
    @Path("/webhook.json")
    @Consumes(MediaType.WILDCARD)
    @WithTransaction
    public Uni<Response> subscribe(@QueryParam("id") String id, @QueryParam("code") String code, String body) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> subscriptions.subscribe(shop.id, SubscribeRequest.parse(body, mapper)))
                .map(created -> {
                    Map<String, Object> data = new LinkedHashMap<>();
                    data.put("webhook_id", created.subscription().id);
                    data.put("url", created.subscription().url);
                    data.put("topic", created.subscription().topic);
                    data.put("secret", created.secret());
                    return Envelope.success(CREATED, Map.of("data", data));
                }), Map.of());
    }

    @GET
    @Path("/webhooks/list.json")
    @WithSession
    public Uni<Response> list(@QueryParam("id") String id, @QueryParam("code") String code) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> subscriptions.list(shop.id))
                .map(found -> Envelope.success(LISTED, Map.of("webhooks", found.stream().map(SubscriptionsResource::view).toList()))),
                Map.of("webhooks", List.of()));
    }

    @POST
    @Path("/webhooks/{webhookId}/activate.json")
    @WithTransaction
    public Uni<Response> activate(@QueryParam("id") String id, @QueryParam("code") String code,
                                  @PathParam("webhookId") String webhookId) {
        return setActive(id, code, webhookId, true, ACTIVATED);
    }

    @POST
    @Path("/webhooks/{webhookId}/deactivate.json")
    @WithTransaction
    public Uni<Response> deactivate(@QueryParam("id") String id, @QueryParam("code") String code,
                                    @PathParam("webhookId") String webhookId) {
        return setActive(id, code, webhookId, false, DEACTIVATED);
    }

    @DELETE
    @Path("/webhooks/{webhookId}.json")
    @WithTransaction
    public Uni<Response> delete(@QueryParam("id") String id, @QueryParam("code") String code,
                                @PathParam("webhookId") String webhookId) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> subscriptions.delete(shop.id, webhookId))
                .map(ignored -> Envelope.success(DELETED, Map.of())), Map.of());
    }

    @GET
    @Path("/webhooks/{webhookId}/deliveries.json")
    @WithSession
    public Uni<Response> deliveries(@QueryParam("id") String id, @QueryParam("code") String code,
                                    @PathParam("webhookId") String webhookId,
                                    @QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> subscriptions.find(shop.id, webhookId))
                .chain(subscription -> deliveryLog.page(subscription.id, number(limit, 50, 1, 100, BAD_LIMIT),
                        number(offset, 0, 0, Integer.MAX_VALUE, BAD_OFFSET)))
                .map(page -> Envelope.success(DELIVERIES, Map.of("deliveries", page))), Map.of("deliveries", List.of()));
    }

    @POST
    @Path("/webhooks/deliveries/{deliveryId}/redeliver.json")
    @WithSession
    public Uni<Response> redeliver(@QueryParam("id") String id, @QueryParam("code") String code,
                                   @PathParam("deliveryId") String deliveryId) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> {
                    Long delivery = Subscriptions.parseId(deliveryId);
                    if (delivery == null) {
                        throw EnvelopeException.notFound(DeliveryLog.DELIVERY_NOT_FOUND);
                    }
                    return deliveryLog.redeliver(shop.id, delivery);
                })
                .map(data -> Envelope.success(REDELIVERY, Map.of("data", data))), Map.of());
    }

    private static int number(String text, int fallback, int min, int max, String message) {
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        Long value = Subscriptions.parseId(text);
        if (value == null || value < min || value > max) {
            throw EnvelopeException.invalid(message);
        }
        return value.intValue();
    }

    private Uni<Response> setActive(String id, String code, String webhookId, boolean active, String message) {
        return Envelope.guard(auth.authenticate(id, code)
                .chain(shop -> subscriptions.setActive(shop.id, webhookId, active))
                .map(subscription -> Envelope.success(message, Map.of("data", view(subscription)))), Map.of());
    }

    static Map<String, Object> view(WebhookSubscription subscription) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("webhook_id", subscription.id);
        view.put("url", subscription.url);
        view.put("topic", subscription.topic);
        view.put("is_active", subscription.active);
        view.put("created", Times.datetime(subscription.createdAt));
        return view;
    }
}
