package dev.shopreviews.webhooks.dashboard.service;

import dev.shopreviews.common.audit.Actor;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.auth.WebshopReplicaReader;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.webhooks.dashboard.repository.DashboardDeliveries;
import dev.shopreviews.webhooks.delivery.repository.DeliveryLog;
import dev.shopreviews.webhooks.delivery.repository.Redelivery;
import dev.shopreviews.webhooks.subscription.repository.WebhookSubscription;
import dev.shopreviews.webhooks.subscription.service.SubscribeRequest;
import dev.shopreviews.webhooks.subscription.service.Subscriptions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/**
 * The shop dashboard's webhooks of one webshop. Subscribing, unsubscribing and redelivering go through the very code
 * of the spec's endpoints ({@link Subscriptions}, {@link SubscribeRequest}, {@link DeliveryLog#redeliver}); the
 * caller has checked the owner's session. The bodies are read here, with {@link RequestBodies#read} (the strict binding
 * and Bean Validation of a {@code @Valid} parameter), because their place in the order of answers is after the
 * ownership: a subscription's body after the webshop's replica and activity (404, 403), as the spec's endpoint; the
 * test event's before them.
 */
@ApplicationScoped
public class DashboardWebhooks {
    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 100;

    private final Subscriptions subscriptions;
    private final DeliveryLog deliveryLog;
    private final DashboardDeliveries deliveries;
    private final WebshopReplicaReader replicas;
    private final ObjectMapper mapper;
    private final RequestBodies bodies;

    public DashboardWebhooks(Subscriptions subscriptions, DeliveryLog deliveryLog, DashboardDeliveries deliveries,
                             WebshopReplicaReader replicas, ObjectMapper mapper, RequestBodies bodies) {
        this.subscriptions = subscriptions;
        this.deliveryLog = deliveryLog;
        this.deliveries = deliveries;
        this.replicas = replicas;
        this.mapper = mapper;
        this.bodies = bodies;
    }

    public record Listed(WebhookSubscription subscription, Instant failingSince) {
    }

    public record Page(List<DashboardDeliveries.Logged> items, String next) {
    }

    public record TestQueued(String eventId, List<Long> deliveries) {
    }

    public Uni<List<Listed>> subscriptions(long webshopId) {
        return subscriptions.list(webshopId).chain(found -> deliveries.failingSince(webshopId).map(failing ->
                found.stream().map(subscription -> new Listed(subscription, failing.get(subscription.id))).toList()));
    }

    /** Spec 4.9's subscribe: same body rules, messages and checks of the url; answers the secret (shown only now). */
    public Uni<Subscriptions.Created> subscribe(Actor owner, long webshopId, String body) {
        return activeShop(webshopId).chain(shop -> subscriptions.subscribe(owner, shop.id,
                bodies.read(body, SubscribeRequest.class)));
    }

    public Uni<Void> unsubscribe(Actor owner, long webshopId, String subscriptionId) {
        return subscriptions.delete(owner, webshopId, subscriptionId);
    }

    public Uni<Page> deliveries(long webshopId, String after, String limit) {
        Long before = null;
        if (after != null && !after.isBlank()) {
            before = TextInput.id(after);
            if (before == null) {
                return Uni.createFrom().failure(EnvelopeException.invalid("after must be the next value of a previous page."));
            }
        }
        int max = DEFAULT_LIMIT;
        if (limit != null && !limit.isBlank()) {
            Long value = TextInput.integer(limit, 1, MAX_LIMIT);
            if (value == null) {
                return Uni.createFrom().failure(EnvelopeException.invalid("limit must be a whole number from 1 to " + MAX_LIMIT + "."));
            }
            max = value.intValue();
        }
        int size = max;
        return deliveries.page(webshopId, before, size + 1).map(found -> {
            boolean more = found.size() > size;
            List<DashboardDeliveries.Logged> items = more ? found.subList(0, size) : found;
            return new Page(items, more ? String.valueOf(items.get(items.size() - 1).id()) : null);
        });
    }

    /** The spec's redeliver: the same event and body to the same subscription, due now. */
    public Uni<Redelivery> redeliver(long webshopId, String deliveryId) {
        Long id = Subscriptions.parseId(deliveryId);
        if (id == null) {
            return Uni.createFrom().failure(EnvelopeException.notFound(DeliveryLog.DELIVERY_NOT_FOUND));
        }
        return deliveryLog.redeliver(webshopId, id);
    }

    /**
     * Queues a test event ({"test": true, a made-up review}) to the webshop's active subscriptions to the topic;
     * delivered and signed like every other event. Body {"topic": …} with the topic messages of spec 4.9.
     */
    public Uni<TestQueued> test(long webshopId, String body) {
        return Uni.createFrom().deferred(() -> {
            String topic = bodies.read(body, TestEventRequest.class).topic();
            String eventId = DashboardDeliveries.TEST_EVENT_PREFIX + UUID.randomUUID();
            String payload = testPayload(topic, eventId);
            return activeShop(webshopId).chain(shop -> deliveries.queueTest(shop.id, topic, eventId, payload))
                    .map(ids -> new TestQueued(eventId, ids));
        });
    }

    /** A ratings.json item as real deliveries carry, clearly marked: "test": true first, made-up values. */
    String testPayload(String topic, String eventId) {
        Instant now = Instant.now();
        ObjectNode item = mapper.createObjectNode();
        item.put("test", true);
        item.put("test_note", "A test event sent from the shop dashboard (" + topic + ", " + eventId + "); not a real review.");
        item.put("id", 0);
        item.put("name", "Test Reviewer");
        item.put("email", "test@example.invalid");
        item.put("order_number", "TEST");
        item.put("rating", 5);
        ObjectNode ratings = item.putObject("ratings");
        ratings.put("shippingtime", 5).put("customerservice", 5).put("pricequality", 5).put("aftersale", 5);
        item.put("comment", "This is a test event from the shop dashboard.");
        item.put("date", LocalDate.ofInstant(now, ZoneOffset.UTC).toString());
        item.put("country", "NL");
        item.put("language", "en");
        item.put("created", Times.datetime(now));
        item.put("read", false);
        item.put("quarantine", false);
        item.put("verified", false);
        item.put("reaction", "");
        return item.toString();
    }

    /** As the spec's endpoints: 404 while this service has no replica of the webshop, its 403 once deactivated. */
    private Uni<WebshopReplica> activeShop(long webshopId) {
        return replicas.byIds(List.of(webshopId)).map(found -> {
            WebshopReplica shop = found.isEmpty() ? null : found.get(0);
            if (shop == null) {
                throw EnvelopeException.notFound(OwnerAuth.NOT_YOURS);
            }
            if (!shop.active) {
                throw EnvelopeException.deactivated();
            }
            return shop;
        });
    }

}
