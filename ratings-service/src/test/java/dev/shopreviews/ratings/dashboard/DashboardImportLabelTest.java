package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** The dashboard's review list labels imported reviews with their source, like ratings.json. */
@QuarkusTest
class DashboardImportLabelTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void theOwnersReviewListNamesTheSourceOfImportedReviews() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).queryParam("code", shop.code()).contentType("application/json")
                .body("{\"source\":\"oldprovider\",\"reviews\":[{\"source_review_id\":\"d-1\",\"created\":\"2022-02-02\","
                        + "\"name\":\"Dora\",\"language\":\"nl\",\"rating\":4}]}")
                .post("/api/1.0/review_imports.json").then().statusCode(200);

        owner(ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id())).get(base(shop.id()) + "/reviews").then()
                .statusCode(200).body("items.import_source", equalTo(List.of("oldprovider")))
                .body("items.verified", equalTo(List.of(false))).body("items.state", equalTo(List.of("published")));
    }
}
