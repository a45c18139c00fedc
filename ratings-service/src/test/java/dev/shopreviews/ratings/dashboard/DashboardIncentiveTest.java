package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The owner marks a review incentivized (the 2.4 feed's is_incentivized_review), audited; bad bodies change nothing. */
@QuarkusTest
class DashboardIncentiveTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void theOwnerMarksAReviewIncentivizedAndItsModifiedTimeMoves() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        long review = row(shop.id()).insert();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        String path = base(shop.id()) + "/reviews/" + review + "/incentivized";
        long modifiedBefore = Db.count("select (extract(epoch from modified_at) * 1000000)::bigint from review where id = ?", review);

        ownerChange(cookie).body("{\"incentivized\":true}").post(path).then().statusCode(200)
                .body("", equalTo(Map.of("status", "success", "message", "Incentive flag stored.")));
        assertEquals(1, Db.count("select count(*) from review where id = ? and incentivized", review));
        assertTrue(Db.count("select (extract(epoch from modified_at) * 1000000)::bigint from review where id = ?", review) > modifiedBefore,
                "a feed synced with last_synced sees the change");
        owner(cookie).get(base(shop.id()) + "/reviews").then().statusCode(200)
                .body("items.id", equalTo(List.of((int) review))).body("items[0].incentivized", equalTo(true));
        assertEquals(1, Db.count("select count(*) from audit_entry where subject = ? and action = 'review.incentivized'",
                "review:" + review));

        for (String bad : List.of("{\"incentivized\":\"yes\"}", "{}", "[true]", "true", "")) {
            ownerChange(cookie).body(bad).post(path).then().statusCode(400).body("message",
                    equalTo("Invalid request body: expected a JSON object with incentivized true or false."));
        }
        ownerChange(cookie).body("{\"incentivized\":false}").post(path).then().statusCode(200);
        assertEquals(0, Db.count("select count(*) from review where id = ? and incentivized", review));
        ownerChange(cookie).body("{\"incentivized\":true}").post(base(shop.id()) + "/reviews/999999999999/incentivized")
                .then().statusCode(404).body("message", equalTo("Review not found."));
        owner(cookie).contentType("application/json").body("{\"incentivized\":true}").post(path).then().statusCode(403);
    }
}
