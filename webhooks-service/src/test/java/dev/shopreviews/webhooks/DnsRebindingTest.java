package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.webhooks.destination.SystemHostResolver;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * DNS rebinding: a host name that passed the check at subscribe time later resolves to a forbidden address. The
 * resolver is replaced for this test (the host names exist nowhere else), which also proves that the worker
 * connects to the address it checked while sending the URL's host in the Host header.
 */
@QuarkusTest
class DnsRebindingTest {
    private static final String HOST = "hooks.rebind.test";
    private final Map<String, InetAddress[]> dns = new ConcurrentHashMap<>();
    private TestReceiver receiver;

    @BeforeEach
    void fakeDns() throws Exception {
        receiver = new TestReceiver();
        QuarkusMock.installMockForType(new SystemHostResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                InetAddress[] found = dns.get(host);
                if (found == null) {
                    throw new UnknownHostException(host);
                }
                return found;
            }
        }, SystemHostResolver.class);
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void aHostThatRebindsToAForbiddenAddressIsRefusedAtSendTime() throws Exception {
        dns.put(HOST, new InetAddress[]{InetAddress.getByName("127.0.0.1")});
        Fixtures.Shop shop = Fixtures.webshop();
        String url = "http://" + HOST + ":" + receiver.port() + "/rebind";
        Fixtures.Subscription hook = Fixtures.subscribe(shop, url, Topics.REVIEWS_CREATED.name());

        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 1, true);
        await().atMost(Duration.ofSeconds(60)).until(() -> receiver.on("/rebind").size() == 1);
        assertEquals(HOST + ":" + receiver.port(), receiver.on("/rebind").get(0).header("Host"));

        dns.put(HOST, new InetAddress[]{InetAddress.getByName("169.254.169.254")});
        String rebound = Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 2, true);
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JsonPath log = Fixtures.deliveries(shop, hook.id());
            return rebound.equals(log.getString("deliveries[0].event_id")) && log.getList("deliveries[0].attempt_log").size() >= 1;
        });
        JsonPath log = Fixtures.deliveries(shop, hook.id());
        assertEquals("refused: url host resolves to a forbidden address (link-local).", log.getString("deliveries[0].attempt_log[0].error"));
        assertNull(log.get("deliveries[0].attempt_log[0].status_code"));
        assertEquals(1, receiver.on("/rebind").size());

        // And a new subscription to that host is refused at once.
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType(ContentType.JSON)
                .body("{\"url\":\"" + url + "\",\"topic\":\"reviews.created\"}")
                .post("/api/1.0/webhook.json")
                .then().statusCode(400)
                .body("message", equalTo("url host resolves to a forbidden address (link-local)."));
    }
}
