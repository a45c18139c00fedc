package dev.shopreviews.common.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.events.SubRatings;

/** A rating on the scale of 1 to 5: the overall rating, each of the four sub-ratings and a product's rating. */
public final class Rating {
    public static final int MIN = 1;
    public static final int MAX = 5;
    /** The core's reason for an overall rating off the scale. */
    public static final String REFUSED = "rating must be an integer from 1 to 5";
    /** The core's reason for a sub-rating off the scale. */
    public static final String SUB_RATINGS_REFUSED =
            "ratings.shippingtime, customerservice, pricequality and aftersale must each be from 1 to 5";

    private Rating() {
    }

    public static boolean inScale(int value) {
        return value >= MIN && value <= MAX;
    }

    /** All four sub-ratings present and on the scale. */
    public static boolean inScale(SubRatings ratings) {
        return ratings != null && inScale(ratings.shippingtime()) && inScale(ratings.customerservice())
                && inScale(ratings.pricequality()) && inScale(ratings.aftersale());
    }

    /** A rating as a form sends it: one ASCII digit 1-5, surrounding spaces allowed; else null. */
    public static Integer parse(String text) {
        if (text == null) {
            return null;
        }
        String digit = text.trim();
        return digit.length() == 1 && digit.charAt(0) >= '0' + MIN && digit.charAt(0) <= '0' + MAX ? digit.charAt(0) - '0' : null;
    }

    /** A rating as JSON sends it: an integral number that fits an int, 1-5; else null (4294967301 is never wrapped to 5). */
    public static Integer of(JsonNode value) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt() || !inScale(value.asInt())) {
            return null;
        }
        return value.asInt();
    }

    /** The edges' 400 text for a rating field off the scale, naming the field as {@link JsonRequest#FIELD}. */
    public static final String INVALID = "Invalid value for " + JsonRequest.FIELD + ": expected an integer from " + MIN + " to " + MAX + ".";

    /** The edges' 400 text for a rating field off the scale. */
    public static String invalid(String field) {
        return INVALID.replace(JsonRequest.FIELD, field);
    }
}
