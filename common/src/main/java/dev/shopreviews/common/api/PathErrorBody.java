package dev.shopreviews.common.api;

import java.util.regex.Pattern;

/**
 * The error body of the endpoint at {@code path}, declared by the service as a CDI bean so that an error found before
 * the endpoint runs (a refused query parameter, refused credentials: {@link ErrorBodiesByPath}) carries the spec's
 * fields too. {@code path} may hold templates of one segment each ({@code /api/1.0/webhooks/{webhookId}/…}).
 */
public record PathErrorBody(String path, ErrorBody body) {

    /** Whether a request's path is this endpoint's. */
    public boolean matches(String requestPath) {
        if (!path.contains("{")) {
            return path.equals(requestPath);
        }
        return Pattern.compile(Pattern.quote(path).replaceAll("\\{[^/}]+}", "\\\\E[^/]+\\\\Q")).matcher(requestPath).matches();
    }
}
