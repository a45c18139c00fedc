package dev.shopreviews.partner;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Spec 4.11 and the schema of 2.10. */
@QuarkusTest
class PartnerCreateTest {
    private String token;

    @BeforeEach
    void issueToken() {
        token = Fixtures.partnerToken("acme-partner");
    }

    private static String profile(String id) {
        return """
                {"id":"%s","shop_url":"https://www.%s.example/","source":"acme-partner","name":"Acme Shop",
                 "language":"de","phone":null,"vat":null,"profile_url":null,
                 "addresses":{"shop":{"city":"Berlin","postcode":"10115","street":"Invalidenstr. 1","phone":null,
                   "email":null,"country":"DE"}},
                 "assurance":{"status":true,"date":"2026-01-02","requested_on":"2025-12-01"}}
                """.formatted(id, id);
    }

    private Response post(String body) {
        return given().queryParam("token", token).contentType(ContentType.JSON).body(body).post("/partner_api/create");
    }

    @Test
    void validProfileCreatesAWebshopAndShowsItsCodeOnce() {
        String id = "p" + UUID.randomUUID().toString().substring(0, 8);
        Response created = post(profile(id));
        created.then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Webshop profile created"))
                .body("data.webshop_id", notNullValue())
                .body("data.code", matchesPattern("[0-9a-f]{32}"))
                .body("data.public_code", notNullValue());
        long webshopId = created.jsonPath().getLong("data.webshop_id");
        String code = created.jsonPath().getString("data.code");

        given().queryParam("id", webshopId).queryParam("code", code).get("/api/1.0/webshop.json")
                .then().statusCode(200)
                .body("data.name", equalTo("Acme Shop"))
                .body("data.address.city", equalTo("Berlin"))
                .body("data.address.country", equalTo("Germany"))
                .body("data.languages[0].iso", equalTo("de"));

        post(profile(id)).then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", matchesPattern("Webshop profile already exists.*"))
                .body("data.webshop_id", equalTo((int) webshopId))
                .body("data.code", nullValue());
    }

    @Test
    void concurrentIdenticalCreatesMakeOneWebshop() throws Exception {
        String body = profile("race" + UUID.randomUUID().toString().substring(0, 8));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Long>> calls = IntStream.range(0, 16)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> post(body).then().statusCode(200)
                            .extract().jsonPath().getLong("data.webshop_id"), pool))
                    .toList();
            Set<Long> ids = calls.stream().map(CompletableFuture::join).collect(Collectors.toSet());
            assertEquals(1, ids.size(), "one webshop for one (source, id): " + ids);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void missingOrUnknownTokenIs401() {
        given().contentType(ContentType.JSON).body(profile("x1")).post("/partner_api/create")
                .then().statusCode(401).body("status", equalTo("error")).body("message", equalTo("Invalid or missing token."));
        given().queryParam("token", "not-a-token").contentType(ContentType.JSON).body(profile("x1")).post("/partner_api/create")
                .then().statusCode(401).body("message", equalTo("Invalid or missing token."));
    }

    @Test
    void nonJsonContentTypeIs415() {
        given().queryParam("token", token).contentType(ContentType.URLENC).formParam("id", "1").post("/partner_api/create")
                .then().statusCode(415).body("status", equalTo("error"));
    }

    @Test
    void malformedJsonIs400WithAViolation() {
        post("{\"id\":").then().statusCode(400)
                .body("status", equalTo("error"))
                .body("errors[0].path", equalTo("$"))
                .body("errors[0].reason", equalTo("body is not valid JSON"));
    }

    @Test
    void idIsRequiredAlthoughNotAmongTheProperties() {
        post("{\"shop_url\":\"https://a.example\",\"source\":\"acme-partner\"}").then().statusCode(400)
                .body("message", equalTo("The partner profile does not match the schema."))
                .body("errors.reason", hasItem(org.hamcrest.Matchers.containsString("id")));
    }

    @Test
    void everySchemaViolationIsListedWithItsPath() {
        post("""
                {"id":"v1","shop_url":"not a uri","source":"acme-partner","language":"DEU",
                 "addresses":{"company":{},"shop":{"country":"de","email":"no-at-sign"}},
                 "assurance":{"date":"yesterday"},"profile_url":5}
                """).then().statusCode(400)
                .body("errors.path", hasItems("$.shop_url", "$.language", "$.addresses.company",
                        "$.addresses.shop.country", "$.addresses.shop.email", "$.assurance", "$.assurance.date",
                        "$.profile_url"));
    }

    @Test
    void nullIsAcceptedWhereTheSchemaAllowsIt() {
        post("""
                {"id":"n%s","shop_url":"https://null-ok.example","source":"acme-partner",
                 "phone":null,"vat":null,"profile_url":null,
                 "addresses":{"company":{"phone":null,"email":null,"country":null}}}
                """.formatted(UUID.randomUUID().toString().substring(0, 6)))
                .then().statusCode(200).body("message", equalTo("Webshop profile created"));
    }

    @Test
    void assuranceStatusBecomesThePartnersEntry() {
        String id = "a" + UUID.randomUUID().toString().substring(0, 8);
        post(profile(id)).then().statusCode(200);
        given().queryParam("token", token).queryParam("url", "https://" + id + ".example/some/page")
                .queryParam("partner_assurances", "true")
                .get("/webshops/fetch_domain.json")
                .then().statusCode(200)
                .body("[0].partner_assurances.acme-partner", equalTo(true));
    }

    @Test
    void aPartnerCannotCreateProfilesUnderAnotherPartnersName() {
        String id = "f" + UUID.randomUUID().toString().substring(0, 8);
        Fixtures.partnerToken("trusted-partner");
        post(profile(id).replace("\"source\":\"acme-partner\"", "\"source\":\"trusted-partner\""))
                .then().statusCode(400)
                .body("status", equalTo("error"))
                .body("errors[0].path", equalTo("$.source"));
        given().queryParam("token", token).queryParam("url", "https://www." + id + ".example/")
                .queryParam("partner_assurances", "true").get("/webshops/fetch_domain.json")
                .then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void onlyHttpShopUrlsAreAccepted() {
        String id = "j" + UUID.randomUUID().toString().substring(0, 8);
        post(profile(id).replace("https://www." + id + ".example/", "javascript:alert(1)//www." + id + ".example/"))
                .then().statusCode(400).body("status", equalTo("error"));
    }

    @Test
    void controlCharactersAndLineBreaksInTheProfileAreRefused() {
        String id = "c" + UUID.randomUUID().toString().substring(0, 8);
        post(profile(id).replace("\"Acme Shop\"", "\"Acme\\u0000Shop\"")).then().statusCode(400)
                .body("errors[0].reason", equalTo("Invalid value for name: contains a control character."));
        post(profile(id).replace("\"Acme Shop\"", "\"Acme\\r\\nBcc: victim@example.com\"")).then().statusCode(400)
                .body("status", equalTo("error"));
        post(profile(id)).then().statusCode(200).body("message", equalTo("Webshop profile created"));
    }
}
