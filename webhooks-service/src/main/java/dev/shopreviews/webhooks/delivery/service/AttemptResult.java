package dev.shopreviews.webhooks.delivery.service;

import java.time.Instant;

/** The outcome of one delivery attempt; {@code statusCode} is null when no HTTP answer came. */
public record AttemptResult(Instant attemptedAt, Integer statusCode, int latencyMs, String error) {

    public boolean delivered() {
        return error == null && statusCode != null && statusCode >= 200 && statusCode < 300;
    }

    public static AttemptResult answered(Instant at, int status, int latencyMs) {
        String error = status >= 200 && status < 300 ? null
                : status >= 300 && status < 400 ? "redirect (HTTP " + status + ") not followed" : "HTTP " + status;
        return new AttemptResult(at, status, latencyMs, error);
    }

    public static AttemptResult failed(Instant at, int latencyMs, String error) {
        String text = error == null ? "failed" : error;
        return new AttemptResult(at, null, latencyMs, text.length() > 500 ? text.substring(0, 500) : text);
    }
}
