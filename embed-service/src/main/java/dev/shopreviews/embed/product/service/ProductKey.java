package dev.shopreviews.embed.product.service;

import java.util.regex.Pattern;

/** How a shop names one of its products: by SKU, by GTIN or by its own product id (the invitation's product fields). */
public record ProductKey(Kind kind, String value) {
    private static final Pattern GTIN = Pattern.compile("[0-9]{8}|[0-9]{12,14}");
    private static final int MAX_LENGTH = 255;

    public enum Kind {
        SKU("sku", "sku"), GTIN("gtin", "gtin"), PRODUCT_ID("product_id", "productId");

        /** The query parameter naming it. */
        public final String parameter;
        /** The entity attribute it is matched against (a fixed name, never from input). */
        public final String attribute;

        Kind(String parameter, String attribute) {
            this.parameter = parameter;
            this.attribute = attribute;
        }
    }

    /** Thrown for a value that cannot name a product; the message is the answer's. */
    public static final class Invalid extends RuntimeException {
        public Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** Checks one parameter value: a GTIN is 8, 12, 13 or 14 digits; SKUs and ids 1 to 255 characters, no controls. */
    public static ProductKey of(Kind kind, String value) {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH || value.chars().anyMatch(Character::isISOControl)
                || !value.equals(value.strip())) {
            throw new Invalid("Invalid value for " + kind.parameter + ": expected 1 to 255 characters.");
        }
        if (kind == Kind.GTIN && !GTIN.matcher(value).matches()) {
            throw new Invalid("Invalid value for gtin: expected 8, 12, 13 or 14 digits.");
        }
        return new ProductKey(kind, value);
    }
}
