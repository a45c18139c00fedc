package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.HostileValues;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever generated hostile value ({@link HostileValues}) reaches a public endpoint of invitations-service
 * (the invitations API, order permissions, the opt-out page) or a field of a {@code consents.recorded} record, the
 * answer is never a 5xx, a JSON answer is the envelope, the stored invitation does not change, nothing the text rule
 * refuses is stored, and a normal invitation and consent after them are still applied.
 */
@QuarkusTest
class HostileInputTest {
    private static final List<String> ADD_FIELDS = List.of("email", "order", "language", "delay", "customer_name",
            "order_total", "order_data", "client", "platform_version", "plugin_version");
    private static final List<String> CONSENT_FIELDS = List.of("event_id", "order_number", "choice", "email", "first_name",
            "invite_delay_days", "webshop_id", "occurred_at");

    @Test
    void hostileValuesAtEveryEndpointAndInEveryConsentFieldChangeNothingAndStopNothing() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", "EXISTING", "delay", "30"));
        String before = invitation(shop, "EXISTING");

        for (String value : HostileValues.sample(HostileValues.inQuery(), 40)) {
            for (String parameter : List.of("id", "code", "offset", "order")) {
                envelope(given().queryParams(withOne(shop, parameter, value)).get("/api/1.0/invitations.json"), value);
            }
            for (String parameter : List.of("id", "code", "orderNumber")) {
                envelope(given().queryParams(withOne(shop, parameter, value)).get("/api/2.0/order_permissions.json"), value);
            }
            for (String parameter : List.of("ref", "token")) {
                noServerError(given().queryParam(parameter, value).get("/invitations/optout"), value);
                noServerError(given().contentType("application/x-www-form-urlencoded").formParam(parameter, value)
                        .post("/invitations/optout"), value);
            }
        }
        for (String value : HostileValues.sample(HostileValues.any(), 30)) {
            for (String field : ADD_FIELDS) {
                Map<String, String> form = new HashMap<>(Map.of("email", Fixtures.email(), "order", Fixtures.order(),
                        "delay", "30"));
                form.put(field, value);
                envelope(shop.auth().contentType("application/x-www-form-urlencoded").formParams(form)
                        .post("/api/1.0/invitations.json"), value);
            }
            for (String field : CONSENT_FIELDS) {
                KafkaTestClient.send(Topics.CONSENTS_RECORDED.name(), ConsentRecorded.key(shop.id(), "EXISTING"),
                        consent(shop, "EXISTING", field, value));
            }
        }
        for (String body : List.of("email=%zz&order=1", "email=a%&order=%", "email=" + "x".repeat(70_000) + "&order=1",
                "%00=%00", "order=" + "%e2%82".repeat(10))) {
            envelope(shop.auth().contentType("application/x-www-form-urlencoded").body(body)
                    .post("/api/1.0/invitations.json"), body);
        }

        // Above the 1 MB body limit the HTTP layer answers 413 before any endpoint (the gateway adds the envelope).
        assertEquals(413, oversizedPostStatus(shop));

        String order = Fixtures.order();
        KafkaTestClient.send(Topics.CONSENTS_RECORDED.name(), ConsentRecorded.key(shop.id(), order), consent(shop, order, null, null));
        Fixtures.awaitConsent(shop, order);
        String normal = Fixtures.email();
        Fixtures.add(shop, Map.of("email", normal, "order", Fixtures.order()));
        Mailbox.awaitOne(normal);

        assertEquals(before, invitation(shop, "EXISTING"), "the stored invitation did not change");
        storedTextIsAcceptable(shop);
    }

    private static String consent(Fixtures.Shop shop, String order, String field, String value) {
        Map<String, Object> event = new HashMap<>(Map.of("event_id", UUID.randomUUID().toString(),
                "type", ConsentRecorded.TYPE, "occurred_at", Instant.now().toString(), "webshop_id", shop.id(),
                "order_number", order, "choice", "ask_later", "invite_delay_days", 7, "email", "someone-else@example.com"));
        if (field != null) {
            event.put(field, value);
        }
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(event);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> withOne(Fixtures.Shop shop, String parameter, String value) {
        Map<String, Object> parameters = new HashMap<>(Map.of("id", shop.id(), "code", shop.code()));
        parameters.put(parameter, value);
        return parameters;
    }

    private static void envelope(Response response, String value) {
        noServerError(response, value);
        String status = response.jsonPath().getString("status");
        assertTrue("success".equals(status) || "error".equals(status), "envelope for " + HostileValues.printable(value) + ": "
                + HostileValues.printable(response.asString()));
        assertTrue(response.statusCode() < 400 || "error".equals(status), "an error answer is an error envelope");
    }

    private static void noServerError(Response response, String value) {
        assertTrue(response.statusCode() < 500, response.statusCode() + " for " + HostileValues.printable(value) + ": "
                + HostileValues.printable(response.asString()));
    }

    private static String invitation(Fixtures.Shop shop, String order) {
        return rows("select email, order_number, language, customer_name, delay_days, scheduled_at, state from invitation "
                + "where webshop_id = ? and order_number = ?", shop.id(), order).get(0);
    }

    private static void storedTextIsAcceptable(Fixtures.Shop shop) {
        for (String row : rows("select email, order_number, coalesce(customer_name, ''), coalesce(language, '') "
                + "from invitation where webshop_id = ?", shop.id())) {
            assertTrue(TextInput.acceptable(row, TextInput.Kind.TEXT), "stored: " + HostileValues.printable(row));
        }
    }

    private static List<String> rows(String sql, Object... parameters) {
        try (var connection = Db.connect(); var statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (var result = statement.executeQuery()) {
                List<String> rows = new java.util.ArrayList<>();
                int columns = result.getMetaData().getColumnCount();
                while (result.next()) {
                    StringBuilder text = new StringBuilder();
                    for (int column = 1; column <= columns; column++) {
                        text.append(result.getString(column)).append('|');
                    }
                    rows.add(text.toString());
                }
                return rows;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The answer to a 1.1 MB form. The server answers 413 from the Content-Length and closes the connection; the
     * client may still be writing the body then and fail with a broken pipe before it reads the answer, so that
     * failure is tried again (a few times), never counted as an answer.
     */
    private static int oversizedPostStatus(Fixtures.Shop shop) {
        String body = "customer_name=" + "x".repeat(1_100_000);
        for (int attempt = 1; ; attempt++) {
            try {
                return shop.auth().contentType("application/x-www-form-urlencoded").body(body)
                        .post("/api/1.0/invitations.json").statusCode();
            } catch (Exception e) {  // rest-assured rethrows the client's IOException unchecked
                boolean cutOff = e instanceof java.io.IOException || e.getCause() instanceof java.io.IOException;
                if (!cutOff || attempt == 5) {
                    throw e;
                }
            }
        }
    }
}
