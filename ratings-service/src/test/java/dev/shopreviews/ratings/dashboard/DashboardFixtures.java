package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import io.restassured.specification.RequestSpecification;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;

/** Dashboard sessions, console sessions and review rows written straight into the table (dates and flags at will). */
final class DashboardFixtures {
    static final String OWNER_KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String OPERATOR_KEY = "test-operator-session-key-0123456789abcdef";

    private DashboardFixtures() {
    }

    /** A review row; change the fields before {@link #insert}. */
    static final class Row {
        final long webshopId;
        String name = "Jan Jansen";
        String email = "jan." + ThreadLocalRandom.current().nextInt(1_000_000) + "@example.com";
        String language = "nl";
        int rating = 4;
        int shippingtime = 5;
        int customerservice = 4;
        int pricequality = 3;
        int aftersale = 4;
        String comment = "Snel geleverd en goed verpakt.";
        boolean verified;
        boolean quarantine;
        boolean held;
        String hiddenReason;
        String reaction = "";
        Instant created = Instant.now().minusSeconds(60);
        boolean deleted;

        Row(long webshopId) {
            this.webshopId = webshopId;
        }

        long insert() {
            Timestamp at = Timestamp.from(created);
            return Db.count("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, "
                            + "shippingtime, customerservice, pricequality, aftersale, comment, quarantine, quarantine_reason, "
                            + "verified, held, hidden_reason, reaction, created_at, modified_at, deleted_at) values "
                            + "(?, 'form', 'A-1', ?, ?, 'NL', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
                    webshopId, name, email, language, rating, shippingtime, customerservice, pricequality, aftersale, comment,
                    quarantine, quarantine ? "set by the test" : null, verified, held, hiddenReason, reaction, at, at,
                    deleted ? at : null);
        }
    }

    static Row row(long webshopId) {
        return new Row(webshopId);
    }

    static String ownerCookie(ObjectMapper mapper, long ownerId, long... webshops) {
        List<Long> ids = java.util.Arrays.stream(webshops).boxed().toList();
        return new OwnerSessions(OWNER_KEY, mapper).open(ownerId, "owner" + ownerId + "@example.com", ids, Instant.now());
    }

    static RequestSpecification owner(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie);
    }

    static RequestSpecification ownerChange(String cookie) {
        return owner(cookie).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    static RequestSpecification operator(ObjectMapper mapper) {
        return given().cookie(OperatorSessions.COOKIE, new OperatorSessions(OPERATOR_KEY, mapper).open("mia", OperatorRole.MODERATOR, Instant.now()));
    }

    static RequestSpecification operatorChange(ObjectMapper mapper) {
        return operator(mapper).header(OperatorSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    static String base(long webshopId) {
        return "/dashboard/api/ratings/webshops/" + webshopId;
    }

    static long ownerId() {
        return ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
    }
}
