package dev.shopreviews.partner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.testing.HostileValues;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever generated hostile value ({@link HostileValues}) reaches a query parameter or a profile field of
 * partner-service's public endpoints, the answer is never a 5xx, JSON answers are the envelope (or the lookup's
 * array), and the webshop and its domain lookup stay as they were.
 */
@QuarkusTest
class HostileInputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void hostileValuesAtEveryEndpointChangeNothing() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String token = Fixtures.partnerToken("hostile-partner");
        String before = details(shop);
        String lookupBefore = lookup(token, shop);

        for (String value : HostileValues.sample(HostileValues.inQuery(), 60)) {
            for (String parameter : List.of("id", "code")) {
                Map<String, Object> query = new HashMap<>(Map.of("id", shop.id(), "code", shop.code()));
                query.put(parameter, value);
                envelope(given().queryParams(query).get("/api/1.0/webshop.json"), value);
            }
            for (String parameter : List.of("token", "url", "approved_date", "partner_assurances")) {
                Map<String, Object> query = new HashMap<>(Map.of("token", token, "url", "https://" + shop.domain() + "/"));
                query.put(parameter, value);
                Response response = given().queryParams(query).get("/webshops/fetch_domain.json");
                noServerError(response, value);
                assertTrue(response.asString().startsWith("[") || response.asString().contains("\"status\":\"error\""));
            }
        }
        for (String value : HostileValues.sample(HostileValues.any(), 40)) {
            for (String field : List.of("id", "shop_url", "source", "name", "language", "phone", "vat")) {
                ObjectNode profile = MAPPER.createObjectNode().put("id", "h" + System.nanoTime())
                        .put("shop_url", "https://hostile-" + System.nanoTime() + ".example/").put("source", "hostile-partner")
                        .put("name", "Hostile Shop");
                profile.put(field, value);
                Response response = given().queryParam("token", token).contentType(ContentType.JSON).body(profile.toString())
                        .post("/partner_api/create");
                envelope(response, value);
                if (response.statusCode() == 200 && response.jsonPath().getString("data.code") != null) {
                    String created = given().queryParam("id", response.jsonPath().getLong("data.webshop_id"))
                            .queryParam("code", response.jsonPath().getString("data.code")).get("/api/1.0/webshop.json")
                            .then().statusCode(200).extract().asString();
                    assertTrue(TextInput.acceptable(MAPPER.readTree(created).path("data").path("name").asText(),
                            TextInput.Kind.LINE), "a stored name is a clean single line");
                }
            }
        }
        assertEquals(before, details(shop), "the webshop did not change");
        assertEquals(lookupBefore, lookup(token, shop), "its domain lookup did not change");
    }

    private static String details(Fixtures.Shop shop) {
        return given().queryParam("id", shop.id()).queryParam("code", shop.code()).get("/api/1.0/webshop.json")
                .then().statusCode(200).extract().asString();
    }

    private static String lookup(String token, Fixtures.Shop shop) {
        return given().queryParam("token", token).queryParam("url", "https://" + shop.domain() + "/")
                .get("/webshops/fetch_domain.json").then().statusCode(200).extract().asString();
    }

    private static void envelope(Response response, String value) {
        noServerError(response, value);
        String status = response.jsonPath().getString("status");
        assertTrue("success".equals(status) || "error".equals(status), "envelope for a hostile value");
        assertTrue(response.statusCode() < 400 || "error".equals(status), "an error answer is an error envelope");
    }

    private static void noServerError(Response response, String value) {
        assertTrue(response.statusCode() < 500, response.statusCode() + ": "
                + response.asString().substring(0, Math.min(200, response.asString().length())));
    }
}
