package dev.shopreviews.common.auth;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WebshopAuthenticatorTest {
    private static final String API_CODE = "0123456789abcdef";
    private static final String PUBLIC_CODE = "pub-1234";

    private final WebshopAuthenticator authenticator = new WebshopAuthenticator();

    @Test
    void theRightCodeOfADeactivatedShopIs403WithTheDeactivationMessage() {
        Function<Long, Uni<WebshopReplica>> lookup = id -> Uni.createFrom().item(shop(id, false));

        EnvelopeException failure = failure(authenticator.authenticateWith("1001", API_CODE, lookup));

        assertEquals(403, failure.httpStatus());
        assertEquals(Messages.WEBSHOP_DEACTIVATED, failure.getMessage());
    }

    @Test
    void aWrongCodeOfADeactivatedShopStays401SoNothingLeaks() {
        Function<Long, Uni<WebshopReplica>> lookup = id -> Uni.createFrom().item(shop(id, false));

        EnvelopeException failure = failure(authenticator.authenticateWith("1001", "wrong", lookup));

        assertEquals(401, failure.httpStatus());
        assertEquals(Messages.INCORRECT_CREDENTIALS, failure.getMessage());
    }

    @Test
    void anUnknownShopIs401() {
        EnvelopeException failure = failure(authenticator.authenticateWith("1001", API_CODE,
                id -> Uni.createFrom().nullItem()));

        assertEquals(401, failure.httpStatus());
        assertEquals(Messages.INCORRECT_CREDENTIALS, failure.getMessage());
    }

    @Test
    void anActiveShopWithTheRightCodeIsAuthenticated() {
        WebshopReplica shop = authenticator.authenticateWith("1001", API_CODE,
                id -> Uni.createFrom().item(shop(id, true))).await().indefinitely();

        assertEquals(1001L, shop.id);
    }

    private static EnvelopeException failure(Uni<WebshopReplica> answer) {
        return assertThrows(EnvelopeException.class, () -> answer.await().indefinitely());
    }

    static WebshopReplica shop(long id, boolean active) {
        WebshopReplica shop = new WebshopReplica();
        shop.id = id;
        shop.apiCodeHash = Codes.sha256Hex(API_CODE);
        shop.publicCode = PUBLIC_CODE;
        shop.active = active;
        return shop;
    }
}
