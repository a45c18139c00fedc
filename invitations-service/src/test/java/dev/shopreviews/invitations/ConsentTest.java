package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.invitations.consent.messaging.ConsentConsumer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spec 4.7 and 4.13: the consent store, order permissions, and what a consent means for the invitation. */
@QuarkusTest
class ConsentTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ConsentConsumer consumer;

    @Test
    void aConsentFromTheBrokerGivesHasConsentTrueAndOtherOrdersFalse() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        shop.auth().queryParam("orderNumber", order).get("/api/2.0/order_permissions.json").then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Order permission successfully retrieved!"))
                .body("has_consent", equalTo(false));
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_ASK_LATER, 5);
        Fixtures.awaitConsent(shop, order);
        shop.auth().queryParam("orderNumber", order).get("/api/2.0/order_permissions.json").then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Order permission successfully retrieved!"))
                .body("has_consent", equalTo(true));
        shop.auth().queryParam("orderNumber", order + "-other").get("/api/2.0/order_permissions.json").then()
                .body("has_consent", equalTo(false));
        Fixtures.Shop other = Fixtures.webshop();
        other.auth().queryParam("orderNumber", order).get("/api/2.0/order_permissions.json").then()
                .body("has_consent", equalTo(false));
    }

    @Test
    void missingOrderNumberIdOrCodeIsNotAllObligatedVariablesAndBadCredentialsAre401() {
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().get("/api/2.0/order_permissions.json").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("message", equalTo("Not all obligated variables are set."))
                .body("has_consent", equalTo(false));
        shop.auth().queryParam("orderNumber", " ").get("/api/2.0/order_permissions.json").then().statusCode(400)
                .body("message", equalTo("Not all obligated variables are set."));
        given().queryParam("id", shop.id()).queryParam("orderNumber", "1").get("/api/2.0/order_permissions.json")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
        given().queryParam("id", shop.id()).queryParam("code", "wrong").queryParam("orderNumber", "1")
                .get("/api/2.0/order_permissions.json").then().statusCode(401)
                .body("status", equalTo("error"))
                .body("message", equalTo("Incorrect authentication credentials."))
                .body("has_consent", equalTo(false));
        given().queryParam("id", "abc").queryParam("code", shop.code()).queryParam("orderNumber", "1")
                .get("/api/2.0/order_permissions.json").then().statusCode(401)
                .body("message", equalTo("Incorrect authentication credentials."));
    }

    @Test
    void askMeLaterSchedulesTheInvitationAfterTheConsentsDelay() {
        Fixtures.Shop shop = Fixtures.webshop();
        String later = Fixtures.order();
        String longer = Fixtures.order();
        Fixtures.consent(shop, later, ConsentRecorded.CHOICE_ASK_LATER, 7);
        Fixtures.consent(shop, longer, ConsentRecorded.CHOICE_ASK_LATER, 2);
        Fixtures.awaitConsent(shop, later);
        Fixtures.awaitConsent(shop, longer);
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", later, "delay", "1"));
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", longer, "delay", "4"));

        List<Map<String, Object>> items = shop.auth().get("/api/1.0/invitations.json").then().extract()
                .jsonPath().getList("invitations");
        assertScheduledAfterDays(items.get(1), later, 7);
        assertScheduledAfterDays(items.get(0), longer, 4);
    }

    @Test
    void askMeLaterArrivingAfterTheInvitationPostponesIt() {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", order, "delay", "1"));
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_ASK_LATER, 6);
        Fixtures.awaitConsent(shop, order);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> shop.auth()
                .get("/api/1.0/invitations.json").jsonPath().getInt("invitations[0].delay") == 6);
        assertScheduledAfterDays(shop.auth().get("/api/1.0/invitations.json").jsonPath()
                .getMap("invitations[0]"), order, 6);
    }

    @Test
    void askMeLaterCommittedWhileTheInvitationWaitsForTheOrderStillPostponesIt() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        CompletableFuture<String> added;
        try (var consent = Db.connect()) {
            // The consent consumer holds the order's lock and has stored "ask me later", not committed yet.
            consent.setAutoCommit(false);
            try (var lock = consent.prepareStatement("select lock_order(?, ?)")) {
                lock.setLong(1, shop.id());
                lock.setString(2, order);
                lock.executeQuery().close();
            }
            try (var insert = consent.prepareStatement("insert into order_consent (webshop_id, order_number, choice, "
                    + "invite_delay_days, recorded_at) values (?, ?, 'ask_later', 9, now())")) {
                insert.setLong(1, shop.id());
                insert.setString(2, order);
                insert.executeUpdate();
            }
            added = CompletableFuture.supplyAsync(
                    () -> Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", order, "delay", "1")));
            await().atMost(Duration.ofSeconds(30)).until(() -> Db.count("select count(*) from pg_stat_activity "
                    + "where datname = current_database() and wait_event_type = 'Lock' and query like '%add_invitation%'") > 0);
            assertFalse(added.isDone(), "adding waits for the consent's transaction");
            consent.commit();
        }
        assertEquals("Invitation successfully added to queue!", added.get(60, TimeUnit.SECONDS));
        // The consent was read after the lock was granted, not from before the wait.
        assertScheduledAfterDays(shop.auth().get("/api/1.0/invitations.json").jsonPath().getMap("invitations[0]"),
                order, 9);
    }

    @Test
    void aReviewWrittenInThePopUpMeansNoEmailAndTheOrderIsConfirmedOnTheBroker() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String order = Fixtures.order();
        String email = Fixtures.email();
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_REVIEW_WRITTEN, 5, email);
        Fixtures.awaitConsent(shop, order);

        assertEquals("Invitation successfully added to queue!", Fixtures.add(shop, Map.of("email", email, "order", order)));
        assertOrderConfirmed(shop, order, email);
        assertEquals("Invitation already sent for this order.", Fixtures.add(shop, Map.of("email", email, "order", order)));

        // A later invitation to another address is claimed after it, so once its mail arrived the first was decided.
        String control = Fixtures.email();
        Fixtures.add(shop, Map.of("email", control, "order", Fixtures.order()));
        Mailbox.awaitOne(control);
        assertTrue(Mailbox.messages(email).isEmpty(), "no e-mail for an order whose review was written in the pop-up");
        assertEquals(false, InvitationMailTest.datetimes(shop, email).get("sent"));
    }

    @Test
    void aReviewWrittenAfterTheInvitationWasAddedAlsoConfirmsTheOrder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", order, "delay", "2"));
        Fixtures.consent(shop, order, ConsentRecorded.CHOICE_REVIEW_WRITTEN, 5, email.toUpperCase(java.util.Locale.ROOT));
        assertOrderConfirmed(shop, order, email);
    }

    @Test
    void aRedeliveredConsentEventIsSkipped() throws Throwable {
        Fixtures.Shop shop = Fixtures.webshop();
        String order = Fixtures.order();
        String first = consentJson(shop, order, 3);
        deliver(first);
        deliver(consentJson(shop, order, 9));
        deliver(first); // redelivery of the first event: must not bring the delay back to 3
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", order));
        assertScheduledAfterDays(shop.auth().get("/api/1.0/invitations.json").jsonPath().getMap("invitations[0]"), order, 9);
    }

    @Test
    void thePopUpAloneNeverCreatesAnInvitation() {
        Fixtures.Shop shop = Fixtures.webshop();
        String asked = Fixtures.order();
        String written = Fixtures.order();
        Fixtures.consent(shop, asked, ConsentRecorded.CHOICE_ASK_LATER, 0);
        Fixtures.consent(shop, written, ConsentRecorded.CHOICE_REVIEW_WRITTEN, 0);
        Fixtures.awaitConsent(shop, asked);
        Fixtures.awaitConsent(shop, written);
        shop.auth().get("/api/1.0/invitations.json").then().statusCode(200)
                .body("invitations.size()", equalTo(0));
    }

    private void deliver(String json) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> consumer.onConsent(
                dev.shopreviews.common.testing.PolledRecords.consumed("consents.recorded", 0, 0L, null, json)));
    }

    private static String consentJson(Fixtures.Shop shop, String order, int delay) {
        return """
                {"event_id":"%s","type":"consent.recorded","occurred_at":"%s","webshop_id":%d,"order_number":"%s",
                 "choice":"ask_later","invite_delay_days":%d}
                """.formatted(java.util.UUID.randomUUID(), Instant.now(), shop.id(), order, delay);
    }

    private static void assertOrderConfirmed(Fixtures.Shop shop, String order, String email) throws Exception {
        List<ConsumerRecord<String, String>> confirmed = KafkaTestClient.await(Topics.ORDERS_CONFIRMED.name(),
                record -> record.value().contains("\"order_number\":\"" + order + "\""), 1, Duration.ofSeconds(30));
        assertEquals(1, confirmed.size(), "orders.confirmed for " + order);
        assertEquals(String.valueOf(shop.id()), confirmed.get(0).key());
        JsonNode event = JSON.readTree(confirmed.get(0).value());
        assertEquals("order.confirmed", event.get("type").asText());
        assertEquals(shop.id(), event.get("webshop_id").asLong());
        assertEquals(email, event.get("email").asText());
        assertTrue(event.hasNonNull("event_id"));
    }

    private static void assertScheduledAfterDays(Map<String, Object> item, String order, int days) {
        assertEquals(order, item.get("order"));
        assertEquals(days, item.get("delay"));
        @SuppressWarnings("unchecked")
        Map<String, Object> datetimes = (Map<String, Object>) item.get("datetimes");
        Instant created = Times.parseDatetime((String) datetimes.get("created")).orElseThrow();
        Instant scheduled = Times.parseDatetime((String) datetimes.get("scheduled")).orElseThrow();
        assertEquals(Duration.ofDays(days), Duration.between(created, scheduled));
    }
}
