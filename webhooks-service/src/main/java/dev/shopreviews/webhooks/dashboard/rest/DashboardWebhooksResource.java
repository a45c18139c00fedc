package dev.shopreviews.webhooks.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.webhooks.dashboard.repository.DashboardDeliveries;
import dev.shopreviews.webhooks.dashboard.service.DashboardWebhooks;
import dev.shopreviews.webhooks.subscription.repository.WebhookSubscription;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * The shop dashboard's webhooks of one webshop (the signed-in owner's): subscriptions, the delivery log, redelivery
 * and test events. Changes need the header X-Dashboard-Request: 1 (common security's SessionRequestHeaders).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/webhooks/webshops/{webshop}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: webhooks")
public class DashboardWebhooksResource {
    static final String CREATED = "Webhook subscription created";
    static final String DELETED = "Webhook subscription deleted";
    static final String REDELIVERY = "Webhook delivery scheduled for redelivery";

    private final SecurityIdentity identity;
    private final DashboardWebhooks webhooks;

    public DashboardWebhooksResource(SecurityIdentity identity, DashboardWebhooks webhooks) {
        this.identity = identity;
        this.webhooks = webhooks;
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"id", "url", "topic", "active", "created", "failing_since"})
    public record SubscriptionItem(long id, String url, String topic, boolean active, Instant created,
                                   @Schema(description = "Oldest delivery still retried after a failed attempt or given up "
                                           + "on in the last 30 days; null when none") Instant failingSince) {
        static SubscriptionItem of(WebhookSubscription subscription, Instant failingSince) {
            return new SubscriptionItem(subscription.id, subscription.url, subscription.topic, subscription.active,
                    subscription.createdAt, failingSince);
        }
    }

    @JsonPropertyOrder({"status", "message", "items"})
    @Schema(name = "DashboardSubscriptionList")
    public record SubscriptionList(String status, String message, List<SubscriptionItem> items) {
    }

    @JsonPropertyOrder({"status", "message", "subscription", "secret"})
    public record Subscribed(String status, String message, SubscriptionItem subscription,
                             @Schema(description = "The signing secret; answered only now, never again") String secret) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"id", "subscription_id", "event_id", "test", "topic", "url", "status", "attempts", "response_code",
            "error", "created", "last_attempt", "next_attempt", "delivered", "redelivery_of"})
    public record DeliveryItem(long id, long subscriptionId, String eventId,
                               @Schema(description = "A test event from the dashboard") boolean test, String topic, String url,
                               @Schema(enumeration = {"pending", "in_flight", "delivered", "dead", "cancelled"}) String status,
                               int attempts, Integer responseCode, String error, Instant created, Instant lastAttempt,
                               Instant nextAttempt, Instant delivered, Long redeliveryOf) {
        static DeliveryItem of(DashboardDeliveries.Logged row) {
            return new DeliveryItem(row.id(), row.subscriptionId(), row.eventId(),
                    row.eventId().startsWith(DashboardDeliveries.TEST_EVENT_PREFIX), row.topic(), row.url(), row.state(),
                    row.attempts(), row.statusCode(), row.error(), row.created(), row.lastAttempt(), row.nextAttempt(),
                    row.delivered(), row.redeliveryOf());
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"status", "message", "items", "next"})
    public record DeliveryList(String status, String message, List<DeliveryItem> items,
                               @Schema(description = "after of the next page; null on the last page") String next) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"id", "redelivery_of", "subscription_id", "event_id"})
    public record QueuedDelivery(long id, Long redeliveryOf, long subscriptionId, String eventId) {
    }

    @JsonPropertyOrder({"status", "message", "delivery"})
    public record Redelivered(String status, String message, QueuedDelivery delivery) {
    }

    @JsonPropertyOrder({"status", "message", "event_id", "deliveries"})
    public record TestQueued(String status, String message,
                             @com.fasterxml.jackson.annotation.JsonProperty("event_id") String eventId,
                             @Schema(description = "ids of the queued deliveries, one per active subscription to the topic")
                             List<Long> deliveries) {
    }

    @GET
    @Path("/subscriptions")
    @Operation(summary = "The webshop's webhook subscriptions (never their secrets)")
    @APIResponse(responseCode = "200", description = "The subscriptions, oldest first", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SubscriptionList.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> subscriptions(@PathParam("webshop") String webshop) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return webhooks.subscriptions(shop).map(found -> Envelope.ok(new SubscriptionList(Messages.SUCCESS,
                    "Webhook subscriptions retrieved.",
                    found.stream().map(listed -> SubscriptionItem.of(listed.subscription(), listed.failingSince())).toList())));
        });
    }

    @POST
    @Path("/subscriptions")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Subscribe a url to a topic, with the rules and messages of the spec's POST /api/1.0/webhook.json",
            description = "Body {\"url\": …, \"topic\": \"reviews.created|reviews.updated|reviews.deleted\"} (is_active "
                    + "optional, default true). Answers the signing secret once. Needs X-Dashboard-Request: 1.")
    @APIResponse(responseCode = "200", description = "The new subscription and its secret", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Subscribed.class)))
    @APIResponse(responseCode = "400", description = "The body or url refused (the spec's messages)")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1, or the webshop is deactivated")
    public Uni<Response> subscribe(@PathParam("webshop") String webshop, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            return webhooks.subscribe(owner, shop, body).map(created -> Envelope.ok(new Subscribed(Messages.SUCCESS, CREATED,
                    SubscriptionItem.of(created.subscription(), null), created.secret())));
        });
    }

    @DELETE
    @Path("/subscriptions/{subscription}")
    @Operation(summary = "Unsubscribe (the spec's delete: the subscription and its delivery log go)",
            description = "Needs X-Dashboard-Request: 1.")
    @APIResponse(responseCode = "200", description = "Deleted", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = StatusMessage.class)))
    @APIResponse(responseCode = "404", description = "No such subscription of this webshop")
    public Uni<Response> unsubscribe(@PathParam("webshop") String webshop, @PathParam("subscription") String subscription) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            return webhooks.unsubscribe(owner, shop, subscription).map(ignored -> Envelope.ok(StatusMessage.success(DELETED)));
        });
    }

    @GET
    @Path("/deliveries")
    @Operation(summary = "The delivery log of all the webshop's subscriptions, newest first, one page at a time",
            description = "after: next of the previous page. limit 1-100 (default 50). status is pending (waiting, also "
                    + "between retries), in_flight, delivered, dead (given up) or cancelled.")
    @APIResponse(responseCode = "200", description = "One page", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = DeliveryList.class)))
    @APIResponse(responseCode = "400", description = "after or limit not understood")
    public Uni<Response> deliveries(@PathParam("webshop") String webshop,
                                    @Parameter(description = "next of the previous page") @QueryParam("after") String after,
                                    @Parameter(description = "page size 1-100, default 50") @QueryParam("limit") String limit) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return webhooks.deliveries(shop, after, limit).map(page -> Envelope.ok(new DeliveryList(Messages.SUCCESS,
                    "Webhook deliveries retrieved.", page.items().stream().map(DeliveryItem::of).toList(), page.next())));
        });
    }

    @POST
    @Path("/deliveries/{delivery}/redeliver")
    @Operation(summary = "Queue a delivery again (same event id and body), due now; the spec's redeliver",
            description = "Needs X-Dashboard-Request: 1.")
    @APIResponse(responseCode = "200", description = "The new delivery", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Redelivered.class)))
    @APIResponse(responseCode = "400", description = "The subscription is inactive")
    @APIResponse(responseCode = "404", description = "No such delivery of this webshop")
    public Uni<Response> redeliver(@PathParam("webshop") String webshop, @PathParam("delivery") String delivery) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return webhooks.redeliver(shop, delivery).map(queued -> Envelope.ok(new Redelivered(Messages.SUCCESS, REDELIVERY,
                    new QueuedDelivery(queued.deliveryId(), queued.redeliveryOf(), queued.webhookId(), queued.eventId()))));
        });
    }

    @POST
    @Path("/test")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Queue a test event to the webshop's active subscriptions to a topic",
            description = "Body {\"topic\": …}. The delivery body is a made-up ratings.json item starting with \"test\": true; "
                    + "its event id starts with test-, X-Review-Published is false; signed like every delivery. "
                    + "Needs X-Dashboard-Request: 1.")
    @APIResponse(responseCode = "200", description = "Queued (deliveries empty when no active subscription has the topic)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TestQueued.class)))
    @APIResponse(responseCode = "400", description = "topic missing or unknown (the spec's messages)")
    public Uni<Response> test(@PathParam("webshop") String webshop, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return webhooks.test(shop, body).map(queued -> Envelope.ok(new TestQueued(Messages.SUCCESS,
                    queued.deliveries().isEmpty() ? "No active webhook subscription to this topic; nothing queued."
                            : "Test event queued.", queued.eventId(), queued.deliveries())));
        });
    }

    private static Uni<Response> guarded(Supplier<Uni<? extends Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(work), ErrorBody.PLAIN);
    }

    /** The path's webshop id; a malformed one is nobody's webshop (401 without a session, else 404). */
    private static long webshopId(String webshop) {
        Long id = TextInput.id(webshop);
        return id == null ? -1 : id;
    }
}
