package dev.shopreviews.ratings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A record no handler could apply is not only replayed or dropped: an admin corrects it in the console and applies
 * the corrected record once; a correction that cannot be applied either changes nothing.
 */
@QuarkusTest
class DeadLetterRepairTest {
    private static final String KEY = "test-operator-session-key-0123456789abcdef";

    private static RequestSpecification as(OperatorRole role) {
        return given().cookie(OperatorSessions.COOKIE, new OperatorSessions(KEY, new ObjectMapper()).open("ada", role, Instant.now()))
                .header(OperatorSessions.CSRF_HEADER, "1").contentType(ContentType.JSON);
    }

    @Test
    void anAdminRepairsARefusedReviewWhichIsThenStoredOnceAndAFailedRepairLeavesItPending() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM);
        ObjectNode refused = Fixtures.tree(review);
        refused.put("rating", 6);
        Fixtures.submitRaw(shop.id(), refused.toString());
        JsonNode letter = PipelineIntegrityTest.deadLetterWith(Topics.REVIEWS_SUBMITTED.name(), review.eventId());
        long id = letter.get("dead_letter_id").asLong();
        String path = "/operator/api/ratings/dead-letters/" + id + "/repair";

        as(OperatorRole.MODERATOR).body(Map.of("payload", refused.toString())).post(path).then().statusCode(403);
        as(OperatorRole.ADMIN).body(Map.of("payload", refused.toString())).post(path).then().statusCode(422)
                .body("message", startsWith("The repaired record cannot be applied either, the dead letter stays pending"));
        as(OperatorRole.ADMIN).body(Map.of("payload", "")).post(path).then().statusCode(400);
        assertEquals("pending", Db.text("select state from dead_letter where id = ?", id));

        ObjectNode corrected = refused.deepCopy();
        corrected.put("rating", 5);
        as(OperatorRole.ADMIN).body(Map.of("payload", corrected.toString())).post(path).then().statusCode(200)
                .body("message", equalTo("Dead letter repaired."));
        assertEquals(5, ((Number) Fixtures.awaitReview(shop, review.email()).get("rating")).intValue());
        assertEquals("repaired", Db.text("select state from dead_letter where id = ?", id));
        assertTrue(Db.text("select action from audit_entry where subject like ? order by id desc limit 1", "dead-letter:" + id + " %")
                .equals("dead-letter.repair"));
        as(OperatorRole.ADMIN).body(Map.of("payload", corrected.toString())).post(path).then().statusCode(409);
    }
}
