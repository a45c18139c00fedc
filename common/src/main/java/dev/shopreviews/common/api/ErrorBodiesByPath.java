package dev.shopreviews.common.api;

import io.quarkus.arc.All;
import jakarta.inject.Singleton;

import java.util.List;

/** The error body for a request's path: the service's {@link PathErrorBody} for it, else {status, message}. */
@Singleton
public class ErrorBodiesByPath {
    private final List<PathErrorBody> declared;

    public ErrorBodiesByPath(@All List<PathErrorBody> declared) {
        this.declared = List.copyOf(declared);
    }

    public ErrorBody of(String path) {
        for (PathErrorBody body : declared) {
            if (body.matches(path)) {
                return body.body();
            }
        }
        return ErrorBody.PLAIN;
    }
}
