package dev.shopreviews.ratings.feed.service;

import dev.shopreviews.common.api.EnvelopeException;

/**
 * The Google Product Review Feed version a request asks for ({@code schema}): 2.3, the spec's, by default; 2.4 (an
 * extension) adds the reviewer's language and country, is_verified_purchase, is_incentivized_review and
 * collection_method.
 */
public enum FeedSchema {
    V2_3("2.3"),
    V2_4("2.4");

    private final String version;

    FeedSchema(String version) {
        this.version = version;
    }

    public String version() {
        return version;
    }

    public String location() {
        return "http://www.google.com/shopping/reviews/schema/product/" + version + "/product_reviews.xsd";
    }

    /** Absent or empty: 2.3; anything but 2.3 or 2.4 is the 400 envelope error. */
    public static FeedSchema parse(String value) {
        if (value == null || value.isEmpty()) {
            return V2_3;
        }
        for (FeedSchema schema : values()) {
            if (schema.version.equals(value.trim())) {
                return schema;
            }
        }
        throw EnvelopeException.invalid("Invalid value for schema: expected 2.3 or 2.4.");
    }
}
