package dev.shopreviews.common.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A SERVER span for every request but Quarkus's own {@code /q/} endpoints (health, metrics): it continues the
 * request's {@code traceparent} and becomes the current trace of the request's work (and so of the events it writes).
 */
@ApplicationScoped
public class HttpServerSpans {
    private static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");

    private final Tracing tracing;

    public HttpServerSpans(Tracing tracing) {
        this.tracing = tracing;
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(request -> {
            String path = request.normalizedPath();
            if (path.startsWith("/q/")) {
                request.next();
                return;
            }
            // Named by method only: paths carry ids, and span names must stay few (OpenTelemetry's HTTP conventions).
            Span span = tracing.start(request.request().method().name(), SpanKind.SERVER, request.request().getHeader(Tracing.HEADER));
            span.setAttribute(PATH, path);
            CurrentTrace.set(tracing.traceparentOf(span));
            request.addEndHandler(ended -> {
                int status = request.response().getStatusCode();
                span.setAttribute(STATUS, (long) status);
                if (status >= 500) {
                    span.setStatus(StatusCode.ERROR);
                }
                span.end();
            });
            request.next();
        });
    }
}
