package dev.shopreviews.common.api;

/**
 * The error body of the endpoint at {@code path}, declared by the service as a CDI bean so that an error found before
 * the endpoint runs ({@link dev.shopreviews.common.input.QueryParameterGuard}) carries the spec's fields too.
 */
public record PathErrorBody(String path, ErrorBody body) {
}
