package dev.shopreviews.ratings.dashboard.rest;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.rules.valid.TrimmedText;

/**
 * The body of a report: {@code reason}, free text (line breaks allowed, {@link TextInput}'s rule), 3 to 1000
 * characters after trimming. Anything else is a 400.
 */
@JsonRequest(notObject = ReportRequest.NOT_AN_OBJECT)
public record ReportRequest(
        @TrimmedText(kind = TextInput.Kind.TEXT, min = ReportRequest.MIN, max = ReportRequest.MAX, message = ReportRequest.BAD_REASON)
        String reason) {
    public static final int MIN = 3;
    public static final int MAX = 1000;
    static final String NOT_AN_OBJECT = "Invalid request body: expected a JSON object with reason.";
    static final String BAD_REASON = "Invalid value for reason: expected " + MIN + " to " + MAX + " characters.";

    /** The reason as stored. */
    public String trimmedReason() {
        return reason.trim();
    }
}
