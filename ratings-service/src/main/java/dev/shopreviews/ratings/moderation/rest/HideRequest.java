package dev.shopreviews.ratings.moderation.rest;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.valid.TrimmedText;

/**
 * The body of hide: {@code reason}, one line (it is shown publicly after "Hidden by the moderators: "), 3 to 300
 * characters after trimming. Anything else is a 400.
 */
@JsonRequest(notObject = HideRequest.NOT_AN_OBJECT)
public record HideRequest(
        @TrimmedText(kind = TextInput.Kind.LINE, min = HideRequest.MIN, max = HideRequest.MAX, message = HideRequest.BAD_REASON)
        String reason) {
    public static final int MIN = 3;
    public static final int MAX = 300;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with reason.";
    static final String BAD_REASON = "Invalid value for reason: expected one line of " + MIN + " to " + MAX + " characters.";

    /** The reason as shown and stored. */
    public String trimmedReason() {
        return reason.trim();
    }
}
