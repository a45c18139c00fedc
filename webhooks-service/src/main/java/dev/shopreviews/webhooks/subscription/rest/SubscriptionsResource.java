package dev.shopreviews.webhooks.subscription.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.webhooks.delivery.repository.DeliveryLog;
import dev.shopreviews.webhooks.subscription.service.SubscribeRequest;
import dev.shopreviews.webhooks.subscription.service.Subscriptions;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
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
// Whoever holds the webshop's API code (the spec's id and code query parameters, checked by common security's
// ShopIdentities before an endpoint runs; refusals in each endpoint's own error body, ErrorBodies).
@RolesAllowed(Roles.SHOP)
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

    private final SecurityIdentity identity;
    private final Subscriptions subscriptions;
    private final DeliveryLog deliveryLog;
    private final RequestBodies bodies;

    public SubscriptionsResource(SecurityIdentity identity, Subscriptions subscriptions, DeliveryLog deliveryLog,
                                 RequestBodies bodies) {
        this.identity = identity;
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.bodies = bodies;
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> subscribe(String body) {
        return Envelope.guard(shop()
                .chain(shop -> subscriptions.subscribe(apiCode(shop.id), shop.id, bodies.read(body, SubscribeRequest.class)))
                .map(created -> Envelope.ok(WebhookAnswers.Created.of(created))), ErrorBody.PLAIN);
    }

    @GET
    @Path("/webhooks/list.json")
    @Operation(summary = "List the webshop's webhook subscriptions")
    @APIResponse(responseCode = "200", description = "The subscriptions.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.SubscriptionList.class), examples = @ExampleObject(name = "one subscription", value = EXAMPLE_LIST)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = WebhookAnswers.SubscriptionList.class), examples = @ExampleObject(name = "wrong code", value = EXAMPLE_LIST_401)))
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> list() {
        return Envelope.guard(shop()
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> activate(@PathParam("webhookId") String webhookId) {
        return setActive(webhookId, true, ACTIVATED);
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> deactivate(@PathParam("webhookId") String webhookId) {
        return setActive(webhookId, false, DEACTIVATED);
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> delete(@PathParam("webhookId") String webhookId) {
        return Envelope.guard(shop()
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> deliveries(@PathParam("webhookId") String webhookId,
                                    @Parameter(description = "page size 1-100 (default 50)") @QueryParam("limit") String limit,
                                    @Parameter(description = "deliveries to skip, 0 or more (default 0)") @QueryParam("offset") String offset) {
        return Envelope.guard(shop()
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
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> redeliver(@PathParam("deliveryId") String deliveryId) {
        return Envelope.guard(shop()
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

    /** The webshop whose id and API code the call carried (checked by the framework: common security's ShopIdentities). */
    private Uni<WebshopReplica> shop() {
        return Uni.createFrom().item(() -> Callers.shop(identity));
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

    private Uni<Response> setActive(String webhookId, boolean active, String message) {
        return Envelope.guard(shop()
                .chain(shop -> subscriptions.setActive(apiCode(shop.id), shop.id, webhookId, active))
                .map(subscription -> Envelope.ok(new WebhookAnswers.Changed(Messages.SUCCESS, message,
                        WebhookAnswers.Subscription.of(subscription)))), ErrorBody.PLAIN);
    }
}
