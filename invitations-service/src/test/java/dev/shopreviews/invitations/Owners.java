package dev.shopreviews.invitations;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.owner.OwnerSessions;
import io.restassured.specification.RequestSpecification;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;

/** A signed-in shop owner's requests to this service's dashboard API (the test profile's session key). */
public final class Owners {
    private static final String KEY = "test-dashboard-session-key-0123456789abcdef";

    private Owners() {
    }

    public static String session(long webshop) {
        return new OwnerSessions(KEY, new ObjectMapper()).open(ThreadLocalRandom.current().nextLong(1, 1_000_000),
                "owner@example.com", List.of(webshop), Instant.now());
    }

    public static String base(long webshop) {
        return "/dashboard/api/invitations/webshops/" + webshop;
    }

    public static RequestSpecification read(String session) {
        return given().cookie(OwnerSessions.COOKIE, session);
    }

    public static RequestSpecification change(String session) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }
}
