package dev.shopreviews.invitations.erasure;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An erasure made with the machine token ({@code POST /admin/customer-erasures}) is audited (docs/operator-console.md):
 * actor {@code token:operator-token}, action {@code customer.erase}, subject the erasure's reference, never the
 * address; a refused request leaves no entry.
 */
@QuarkusTest
class OperatorErasureAuditTest {
    private static final String ADMIN = "/admin/customer-erasures";

    @Test
    void anErasureWithTheMachineTokenIsAuditedWithoutTheAddress() {
        String email = Fixtures.email();
        String reference = given().header("Authorization", "Bearer test-operator-token").contentType("application/json")
                .body("{\"email\":\"" + email + "\"}").post(ADMIN).then().statusCode(200).extract().path("reference");

        assertEquals(1, Db.count("select count(*) from audit_entry where actor = 'token:operator-token' "
                + "and action = 'customer.erase' and subject = ? and webshop_id is null", "erasure:" + reference));
        String entry = Db.text("select concat_ws(' ', actor, action, subject, \"before\", \"after\") from audit_entry where subject = ?",
                "erasure:" + reference);
        assertFalse(entry.toLowerCase().contains(email.toLowerCase()), entry);
        assertFalse(entry.toLowerCase().contains(email.substring(0, email.indexOf('@')).toLowerCase()), entry);
    }

    @Test
    void aRefusedErasureLeavesNoEntry() {
        long before = Db.count("select count(*) from audit_entry where action = 'customer.erase'");
        given().contentType("application/json").body("{\"email\":\"" + Fixtures.email() + "\"}").post(ADMIN).then().statusCode(401);
        given().header("Authorization", "Bearer test-operator-token").contentType("application/json").body("{\"email\":\"x\"}")
                .post(ADMIN).then().statusCode(400);
        assertEquals(before, Db.count("select count(*) from audit_entry where action = 'customer.erase'"));
    }
}
