package dev.shopreviews.common.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * W3C trace context across HTTP and Kafka: requests continue the caller's {@code traceparent} (the gateway sets one
 * when the client sent none), outbox rows keep the context they were written in, the relay sends it as the record's
 * {@code traceparent} header and consumers continue it. Spans go to an OTLP/HTTP collector when
 * {@code OTEL_EXPORTER_OTLP_ENDPOINT} is set; without it spans are not recorded, but the context still travels, so
 * a trace id that came in goes out unchanged.
 */
@ApplicationScoped
public class Tracing {
    public static final String HEADER = "traceparent";
    private static final AttributeKey<String> SERVICE_NAME = AttributeKey.stringKey("service.name");
    private static final TextMapGetter<Map<String, String>> FROM_MAP = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    private final OpenTelemetry telemetry;
    private final SdkTracerProvider provider;
    private final Tracer tracer;

    public Tracing(@ConfigProperty(name = "otel.exporter.otlp.endpoint") Optional<String> endpoint,
                   @ConfigProperty(name = "quarkus.application.name") String service) {
        ContextPropagators propagators = ContextPropagators.create(W3CTraceContextPropagator.getInstance());
        if (endpoint.filter(value -> !value.isBlank()).isPresent()) {
            provider = SdkTracerProvider.builder()
                    .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(SERVICE_NAME, service))))
                    .addSpanProcessor(BatchSpanProcessor.builder(OtlpHttpSpanExporter.builder()
                                    .setEndpoint(endpoint.get().replaceAll("/+$", "") + "/v1/traces")
                                    .setTimeout(Duration.ofSeconds(5))
                                    .build())
                            .setScheduleDelay(Duration.ofMillis(500))
                            .build())
                    .build();
            telemetry = OpenTelemetrySdk.builder().setTracerProvider(provider).setPropagators(propagators).build();
        } else {
            provider = null;
            telemetry = OpenTelemetry.propagating(propagators);
        }
        tracer = telemetry.getTracer("dev.shopreviews");
    }

    /** Starts a span of {@code kind} under the context {@code traceparent} names (a new trace when null or invalid). */
    public Span start(String name, SpanKind kind, String traceparent) {
        return tracer.spanBuilder(name).setSpanKind(kind).setParent(extract(traceparent)).startSpan();
    }

    /** Starts a root span linked to the contexts the traceparents name (a batch of records from several traces). */
    public Span startLinked(String name, SpanKind kind, List<String> traceparents) {
        var builder = tracer.spanBuilder(name).setSpanKind(kind).setNoParent();
        for (String traceparent : traceparents) {
            var linked = Span.fromContext(extract(traceparent)).getSpanContext();
            if (linked.isValid()) {
                builder.addLink(linked);
            }
        }
        return builder.startSpan();
    }

    /** The {@code traceparent} header value that continues {@code span}; null when the span has no valid context. */
    public String traceparentOf(Span span) {
        if (!span.getSpanContext().isValid()) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>();
        telemetry.getPropagators().getTextMapPropagator().inject(Context.root().with(span), carrier, Map::put);
        return carrier.get(HEADER);
    }

    /** The {@code traceparent} header of a consumed record, or null. */
    public static String traceparentOf(ConsumerRecord<?, ?> record) {
        Header header = record.headers().lastHeader(HEADER);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.US_ASCII);
    }

    private Context extract(String traceparent) {
        if (traceparent == null || traceparent.isBlank()) {
            return Context.root();
        }
        return telemetry.getPropagators().getTextMapPropagator().extract(Context.root(), Map.of(HEADER, traceparent), FROM_MAP);
    }

    void flush(@Observes ShutdownEvent event) {
        if (provider != null) {
            provider.shutdown().join(5, TimeUnit.SECONDS);
        }
    }
}
