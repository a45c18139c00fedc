package dev.shopreviews.webhooks.subscription.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.auth.WebshopReplicaReader;
import dev.shopreviews.webhooks.delivery.repository.DeliveryLog;
import dev.shopreviews.webhooks.subscription.service.SubscribeRequest;
import dev.shopreviews.webhooks.subscription.service.Subscriptions;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
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

import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;

/** Spec 4.9 (subscribe webhook) and the subscription operations the spec leaves "not shown" (see docs/api-notes.md). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
// Open to the framework: the spec's id/code check runs in the endpoint (WebshopAuthenticator), whose answers (each
// endpoint's own error body) are part of the wire; it moves into common security as the next mechanism
// (docs/architecture.md, "Who may call what").
@PermitAll
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

    static final String EXAMPLE_CREATED = "{\"status\":\"success\",\"message\":\"Webhook subscription created\",\"data\":{\"webhook_id\":42,\"url\":\"https://shop.example/hooks/reviews\",\"topic\":\"reviews.created\",\"secret\":\"whsec_5mQ2rXv8TzL1pK9nB4cW7yH3\"}}";
    static final String EXAMPLE_LIST = "{\"status\":\"success\",\"message\":\"Webhook subscriptions successfully retrieved!\",\"webhooks\":[{\"webhook_id\":42,\"url\":\"https://shop.example/hooks/reviews\",\"topic\":\"reviews.created\",\"is_active\":true,\"created\":\"2026-11-20 08:30:00\"}]}";
    static final String EXAMPLE_ACTIVATED = "{\"status\":\"success\",\"message\":\"Webhook subscription activated\",\"data\":{\"webhook_id\":42,\"url\":\"https://shop.example/hooks/reviews\",\"topic\":\"reviews.created\",\"is_active\":true,\"created\":\"2026-11-20 08:30:00\"}}";
    static final String EXAMPLE_DEACTIVATED = "{\"status\":\"success\",\"message\":\"Webhook subscription deactivated\",\"data\":{\"webhook_id\":42,\"url\":\"https://shop.example/hooks/reviews\",\"topic\":\"reviews.created\",\"is_active\":false,\"created\":\"2026-11-20 08:30:00\"}}";
    static final String EXAMPLE_DELETED = "{\"status\":\"success\",\"message\":\"Webhook subscription deleted\"}";
    static final String EXAMPLE_DELIVERIES = "{\"status\":\"success\",\"message\":\"Webhook deliveries successfully retrieved!\",\"deliveries\":[{\"delivery_id\":981,\"event_id\":\"7f3c9a2e-51b4-4c1e-9d0a-2b6f8e4a1c33\",\"topic\":\"reviews.created\",\"state\":\"delivered\",\"attempts\":2,\"status_code\":200,\"latency_ms\":84,\"error\":null,\"created\":\"2026-11-24 09:12:46\",\"last_attempt\":\"2026-11-24 09:13:47\",\"next_attempt\":null,\"delivered\":\"2026-11-24 09:13:47\",\"redelivery_of\":null,\"attempt_log\":[{\"attempt\":1,\"at\":\"2026-11-24 09:12:46\",\"status_code\":503,\"latency_ms\":120,\"error\":\"HTTP 503\"},{\"attempt\":2,\"at\":\"2026-11-24 09:13:47\",\"status_code\":200,\"latency_ms\":84,\"error\":null}]}]}";
    static final String EXAMPLE_REDELIVERY = "{\"status\":\"success\",\"message\":\"Webhook delivery scheduled for redelivery\",\"data\":{\"delivery_id\":1002,\"redelivery_of\":981,\"webhook_id\":42,\"event_id\":\"7f3c9a2e-51b4-4c1e-9d0a-2b6f8e4a1c33\"}}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}";
    static final String EXAMPLE_LIST_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"webhooks\":[]}";
    static final String EXAMPLE_DELIVERIES_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"deliveries\":[]}";
    static final String EXAMPLE_NOT_FOUND = "{\"status\":\"error\",\"message\":\"Webhook not found.\"}";
    static final String EXAMPLE_BAD_TOPIC = "{\"status\":\"error\",\"message\":\"topic must be one of reviews.created, reviews.updated, reviews.deleted.\"}";

    private final WebshopAuthenticator auth;
    private final WebshopReplicaReader replicas;
    private final Subscriptions subscriptions;
    private final DeliveryLog deliveryLog;
    private final ObjectMapper mapper;

    public SubscriptionsResource(WebshopAuthenticator auth, WebshopReplicaReader replicas, Subscriptions subscriptions,
                                 DeliveryLog deliveryLog, ObjectMapper mapper) {
        this.auth = auth;
        this.replicas = replicas;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.mapper = mapper;
    }

    @POST
    @Path("/webhook.json")
    @Operation(summary = "Subscribe a url to a review topic (spec 4.9); answers the signing secret, shown only now")
    @APIResponse(responseCode = "200", description = "The new subscription.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.Created.class), examples = @ExampleObject(name = "created", value = EXAMPLE_CREATED)))
    @APIResponse(responseCode = "400", description = "id or code missing, or the body invalid.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "unknown topic", value = EXAMPLE_BAD_TOPIC)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @Consumes(MediaType.WILDCARD)
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SubscribeRequest.class),
            examples = @ExampleObject(name = "new reviews",
                    value = "{\"url\":\"https://shop.example/hooks/reviews\",\"topic\":\"reviews.created\",\"is_active\":true}")))
    public Uni<Response> subscribe(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                   @Parameter(description = "the webshop's API code") @QueryParam("code") String code, String body) {
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> subscriptions.subscribe(apiCode(shop.id), shop.id, SubscribeRequest.parse(body, mapper)))
                .map(created -> Envelope.ok(WebhookAnswers.Created.of(created))), ErrorBody.PLAIN);
    }

    @GET
    @Path("/webhooks/list.json")
    @Operation(summary = "List the webshop's webhook subscriptions")
    @APIResponse(responseCode = "200", description = "The subscriptions.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.SubscriptionList.class), examples = @ExampleObject(name = "one subscription", value = EXAMPLE_LIST)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.SubscriptionList.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_LIST_401)))
    public Uni<Response> list(@Parameter(description = "webshop id") @QueryParam("id") String id,
                              @Parameter(description = "the webshop's API code") @QueryParam("code") String code) {
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> subscriptions.list(shop.id))
                .map(found -> Envelope.ok(WebhookAnswers.SubscriptionList.of(
                        found.stream().map(WebhookAnswers.Subscription::of).toList()))),
                WebhookAnswers.SubscriptionList::error);
    }

    @POST
    @Path("/webhooks/{webhookId}/activate.json")
    @Operation(summary = "Activate a webhook subscription")
    @APIResponse(responseCode = "200", description = "The subscription after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.Changed.class), examples = @ExampleObject(name = "activated", value = EXAMPLE_ACTIVATED)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "404", description = "No such webhook of this webshop.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "unknown webhook", value = EXAMPLE_NOT_FOUND)))
    public Uni<Response> activate(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                  @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                  @PathParam("webhookId") String webhookId) {
        return setActive(id, code, webhookId, true, ACTIVATED);
    }

    @POST
    @Path("/webhooks/{webhookId}/deactivate.json")
    @Operation(summary = "Deactivate a webhook subscription (nothing is delivered while inactive)")
    @APIResponse(responseCode = "200", description = "The subscription after the change.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.Changed.class), examples = @ExampleObject(name = "deactivated", value = EXAMPLE_DEACTIVATED)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "404", description = "No such webhook of this webshop.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "unknown webhook", value = EXAMPLE_NOT_FOUND)))
    public Uni<Response> deactivate(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                    @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                    @PathParam("webhookId") String webhookId) {
        return setActive(id, code, webhookId, false, DEACTIVATED);
    }

    @DELETE
    @Path("/webhooks/{webhookId}.json")
    @Operation(summary = "Delete a webhook subscription")
    @APIResponse(responseCode = "200", description = "Deleted.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "deleted", value = EXAMPLE_DELETED)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "404", description = "No such webhook of this webshop.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "unknown webhook", value = EXAMPLE_NOT_FOUND)))
    public Uni<Response> delete(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                @PathParam("webhookId") String webhookId) {
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> subscriptions.delete(apiCode(shop.id), shop.id, webhookId))
                .map(ignored -> Envelope.ok(StatusMessage.success(DELETED))), ErrorBody.PLAIN);
    }

    @GET
    @Path("/webhooks/{webhookId}/deliveries.json")
    @Operation(summary = "Read a subscription's delivery log, newest first, with every attempt")
    @APIResponse(responseCode = "200", description = "One page of deliveries.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.Deliveries.class), examples = @ExampleObject(name = "one delivery, delivered on the second attempt", value = EXAMPLE_DELIVERIES)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.Deliveries.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_DELIVERIES_401)))
    public Uni<Response> deliveries(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                    @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                    @PathParam("webhookId") String webhookId,
                                    @Parameter(description = "page size 1-100 (default 50)") @QueryParam("limit") String limit,
                                    @Parameter(description = "deliveries to skip, 0 or more (default 0)") @QueryParam("offset") String offset) {
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> subscriptions.find(shop.id, webhookId))
                .chain(subscription -> deliveryLog.page(subscription.id, number(limit, 50, 1, 100, BAD_LIMIT),
                        number(offset, 0, 0, Integer.MAX_VALUE, BAD_OFFSET)))
                .map(page -> Envelope.ok(WebhookAnswers.Deliveries.of(page))), WebhookAnswers.Deliveries::error);
    }

    @POST
    @Path("/webhooks/deliveries/{deliveryId}/redeliver.json")
    @Operation(summary = "Queue a delivery again (same event, body and X-Event-Id), due now")
    @APIResponse(responseCode = "200", description = "The new delivery.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.RedeliveryScheduled.class), examples = @ExampleObject(name = "scheduled", value = EXAMPLE_REDELIVERY)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "404", description = "No such delivery of this webshop.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> redeliver(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                   @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                   @PathParam("deliveryId") String deliveryId) {
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> {
                    Long delivery = Subscriptions.parseId(deliveryId);
                    if (delivery == null) {
                        throw EnvelopeException.notFound(DeliveryLog.DELIVERY_NOT_FOUND);
                    }
                    return deliveryLog.redeliver(shop.id, delivery);
                })
                .map(data -> Envelope.ok(WebhookAnswers.RedeliveryScheduled.of(data))), ErrorBody.PLAIN);
    }

    /** Who changes through the spec's API: whoever holds the webshop's API code (the audit's actor). */
    static Actor apiCode(long webshopId) {
        return () -> "api-code:webshop:" + webshopId;
    }

    /** The id/code check against the webshop replica, read through the SQL client (no Hibernate session here). */
    private Uni<WebshopReplica> authenticate(String id, String code) {
        return auth.authenticateWith(id, code, webshopId -> replicas.byIds(List.of(webshopId)).map(found -> found.get(0)));
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
        return Envelope.guard(authenticate(id, code)
                .chain(shop -> subscriptions.setActive(apiCode(shop.id), shop.id, webhookId, active))
                .map(subscription -> Envelope.ok(new WebhookAnswers.Changed(Messages.SUCCESS, message,
                        WebhookAnswers.Subscription.of(subscription)))), ErrorBody.PLAIN);
    }
}
