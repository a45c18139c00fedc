package dev.shopreviews.webhooks.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.audit.StateChangingEndpoints;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.webhooks.Fixtures;
import dev.shopreviews.webhooks.TestReceiver;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every state-changing endpoint of this service (POST, PUT, PATCH, DELETE on its JAX-RS resources, found by
 * reflection) writes an audit entry: who (the shop's API code or the dashboard's owner), what, which webhook, and the
 * state without the url's path or the secret; the few that do not are listed with the reason. A new endpoint fails
 * here until it is audited or listed.
 */
@QuarkusTest
class EveryChangeIsAuditedTest {
    static final String DASHBOARD_KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String TOPIC = "reviews.created";

    /** Endpoints that change state but write no audit entry, and why. */
    static final Map<String, String> NOT_AUDITED = Map.of(
            "SubscriptionsResource#redeliver", "queues an event already delivered to the same subscription again; the "
                    + "delivery log keeps it (redelivery_of)",
            "DashboardWebhooksResource#redeliver", "as the API's redeliver: recorded in the delivery log",
            "DashboardWebhooksResource#test", "queues a made-up event (no personal data) to the shop's own "
                    + "subscriptions; recorded in the delivery log");

    /** One call per audited endpoint, answering the webhook it changed; the expected action and actor's kind. */
    record Scenario(String action, boolean byOwner, Function<Context, Long> call) {
    }

    record Context(Fixtures.Shop shop, String session, String url) {
    }

    static final Map<String, Scenario> AUDITED = Map.of(
            "SubscriptionsResource#subscribe", new Scenario("webhook.subscribe", false,
                    c -> Fixtures.subscribe(c.shop(), c.url(), TOPIC).id()),
            "SubscriptionsResource#deactivate", new Scenario("webhook.deactivate", false, c -> {
                long id = Fixtures.subscribe(c.shop(), c.url(), TOPIC).id();
                api(c.shop()).post("/api/1.0/webhooks/" + id + "/deactivate.json").then().statusCode(200);
                return id;
            }),
            "SubscriptionsResource#activate", new Scenario("webhook.activate", false, c -> {
                long id = Fixtures.subscribeRaw(c.shop(), c.url(), TOPIC, false).getLong("data.webhook_id");
                api(c.shop()).post("/api/1.0/webhooks/" + id + "/activate.json").then().statusCode(200);
                return id;
            }),
            "SubscriptionsResource#delete", new Scenario("webhook.delete", false, c -> {
                long id = Fixtures.subscribe(c.shop(), c.url(), TOPIC).id();
                api(c.shop()).delete("/api/1.0/webhooks/" + id + ".json").then().statusCode(200);
                return id;
            }),
            "DashboardWebhooksResource#subscribe", new Scenario("webhook.subscribe", true,
                    c -> owner(c.session()).body(Map.of("url", c.url(), "topic", TOPIC))
                            .post(base(c.shop()) + "/subscriptions").then().statusCode(200).extract().jsonPath()
                            .getLong("subscription.id")),
            "DashboardWebhooksResource#unsubscribe", new Scenario("webhook.delete", true, c -> {
                long id = Fixtures.subscribe(c.shop(), c.url(), TOPIC).id();
                owner(c.session()).delete(base(c.shop()) + "/subscriptions/" + id).then().statusCode(200);
                return id;
            }));

    @Test
    void everyStateChangingEndpointIsAuditedOrListedWithItsReason() throws Exception {
        TreeSet<String> found = stateChangingEndpoints();
        TreeSet<String> unaccounted = new TreeSet<>(found);
        unaccounted.removeAll(AUDITED.keySet());
        unaccounted.removeAll(NOT_AUDITED.keySet());
        assertEquals(new TreeSet<>(), unaccounted, "state-changing endpoints neither audited nor listed");
        TreeSet<String> stale = new TreeSet<>(AUDITED.keySet());
        stale.addAll(NOT_AUDITED.keySet());
        stale.removeAll(found);
        assertEquals(new TreeSet<>(), stale, "listed endpoints that no longer exist");

        try (TestReceiver receiver = new TestReceiver()) {
            for (Map.Entry<String, Scenario> endpoint : AUDITED.entrySet()) {
                Fixtures.Shop shop = Fixtures.webshop();
                long ownerId = ThreadLocalRandom.current().nextLong(1, 1_000_000);
                String session = new OwnerSessions(DASHBOARD_KEY, new ObjectMapper()).open(ownerId, "owner@example.com",
                        List.of(shop.id()), Instant.now());
                String path = "/audit-" + shop.id() + "/private-key-in-path";
                Scenario scenario = endpoint.getValue();
                long webhook = scenario.call().apply(new Context(shop, session, receiver.url(path)));

                String actor = scenario.byOwner() ? "owner:" + ownerId : "api-code:webshop:" + shop.id();
                assertEquals(1, Db.count("select count(*) from audit_entry where webshop_id = ? and action = ? and actor = ? "
                                + "and subject = ?", shop.id(), scenario.action(), actor, "webhook:" + webhook),
                        endpoint.getKey() + " wrote no " + scenario.action() + " entry by " + actor);
                String entries = Db.text("select string_agg(concat_ws(' ', \"before\", \"after\"), ' ') from audit_entry "
                        + "where webshop_id = ?", shop.id());
                assertFalse(entries.contains("private-key-in-path"), endpoint.getKey() + ": the url's path is not kept: " + entries);
                assertFalse(entries.contains("secret"), endpoint.getKey() + ": no secret: " + entries);
            }
        }
    }

    /** "Resource#method" of every POST, PUT, PATCH and DELETE of the classes with @Path in this service's package. */
    static TreeSet<String> stateChangingEndpoints() throws IOException {
        TreeSet<String> endpoints = StateChangingEndpoints.of("dev/shopreviews/webhooks");
        return endpoints;
    }

    static RequestSpecification api(Fixtures.Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code());
    }

    static RequestSpecification owner(String session) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    static String base(Fixtures.Shop shop) {
        return "/dashboard/api/webhooks/webshops/" + shop.id();
    }
}
