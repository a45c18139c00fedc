package dev.shopreviews.invitations.shopplatform.mapping;

import java.util.Arrays;
import java.util.Optional;

/** The shop platforms whose own order webhooks this service reads (their names in paths, tables and the dashboard). */
public enum Platform {
    WOOCOMMERCE("woocommerce"),
    SHOPIFY("shopify");

    private final String key;

    Platform(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Optional<Platform> of(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
    }
}
