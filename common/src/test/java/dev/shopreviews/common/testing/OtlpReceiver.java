package dev.shopreviews.common.testing;

import com.sun.net.httpserver.HttpServer;
import org.awaitility.Awaitility;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A local OTLP/HTTP trace receiver ({@code POST /v1/traces}, protobuf) for tests: keeps every span a service
 * exports. Decodes the few fields the tests look at straight from the protobuf wire format
 * (opentelemetry-proto's trace.proto: ResourceSpans, ScopeSpans, Span), so it needs no generated classes.
 */
public final class OtlpReceiver implements AutoCloseable {
    /** One exported span; ids in lower-case hex, parent empty for a root span. */
    public record ReceivedSpan(String service, String name, int kind, String traceId, String spanId, String parentSpanId) {
        public static final int SERVER = 2;
        public static final int PRODUCER = 4;
        public static final int CONSUMER = 5;
    }

    private static final String SHARED_PORT = "sr-test.otlp-port";

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    public OtlpReceiver() {
        this(0);
    }

    private OtlpReceiver(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                spans.addAll(decodeRequest(ByteBuffer.wrap(body.readAllBytes())));
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } catch (RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    /**
     * The base URL of the receiver {@link #onSharedEndpoint()} will listen on, for a QuarkusTestProfile's config: the
     * profile and the test methods see different copies of a test's classes (Quarkus loads the test again), so they
     * share the port through a system property, not an object.
     */
    public static synchronized String sharedEndpoint() {
        String port = System.getProperty(SHARED_PORT);
        if (port == null) {
            try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = String.valueOf(free.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(SHARED_PORT, port);
        }
        return "http://127.0.0.1:" + port;
    }

    /** Listens on the port of {@link #sharedEndpoint()}. */
    public static OtlpReceiver onSharedEndpoint() {
        String endpoint = sharedEndpoint();
        return new OtlpReceiver(Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1)));
    }

    /** The base URL a service's {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Waits until a span matches (the exporter sends in batches); fails after {@code timeout}. */
    public ReceivedSpan await(Predicate<ReceivedSpan> match, Duration timeout) {
        return Awaitility.await().atMost(timeout).pollInterval(Duration.ofMillis(100))
                .alias("an exported span matching; received: " + spans)
                .until(() -> spans.stream().filter(match).findFirst(), Optional::isPresent).orElseThrow();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
    static List<ReceivedSpan> decodeRequest(ByteBuffer in) {
        List<ReceivedSpan> found = new ArrayList<>();
        while (in.hasRemaining()) {
            long tag = varint(in);
            if (tag >>> 3 == 1 && (tag & 7) == 2) {
                resourceSpans(slice(in), found);
            } else {
                skip(in, (int) (tag & 7));
            }
        }
        return found;
    }

    // ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
    private static void resourceSpans(ByteBuffer in, List<ReceivedSpan> found) {
        String service = "";
        List<ByteBuffer> scopes = new ArrayList<>();
        while (in.hasRemaining()) {
            long tag = varint(in);
            int field = (int) (tag >>> 3);
            if (field == 1 && (tag & 7) == 2) {
                service = serviceName(slice(in));
            } else if (field == 2 && (tag & 7) == 2) {
                scopes.add(slice(in));
            } else {
                skip(in, (int) (tag & 7));
            }
        }
        for (ByteBuffer scope : scopes) {
            // ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
            while (scope.hasRemaining()) {
                long tag = varint(scope);
                if (tag >>> 3 == 2 && (tag & 7) == 2) {
                    found.add(span(service, slice(scope)));
                } else {
                    skip(scope, (int) (tag & 7));
                }
            }
        }
    }

    // Resource { repeated KeyValue attributes = 1; }  KeyValue { string key = 1; AnyValue value = 2; }  AnyValue { string string_value = 1; }
    private static String serviceName(ByteBuffer resource) {
        while (resource.hasRemaining()) {
            long tag = varint(resource);
            if (tag >>> 3 == 1 && (tag & 7) == 2) {
                ByteBuffer keyValue = slice(resource);
                String key = null;
                String value = null;
                while (keyValue.hasRemaining()) {
                    long kvTag = varint(keyValue);
                    if (kvTag >>> 3 == 1 && (kvTag & 7) == 2) {
                        key = string(slice(keyValue));
                    } else if (kvTag >>> 3 == 2 && (kvTag & 7) == 2) {
                        ByteBuffer any = slice(keyValue);
                        while (any.hasRemaining()) {
                            long anyTag = varint(any);
                            if (anyTag >>> 3 == 1 && (anyTag & 7) == 2) {
                                value = string(slice(any));
                            } else {
                                skip(any, (int) (anyTag & 7));
                            }
                        }
                    } else {
                        skip(keyValue, (int) (kvTag & 7));
                    }
                }
                if ("service.name".equals(key) && value != null) {
                    return value;
                }
            } else {
                skip(resource, (int) (tag & 7));
            }
        }
        return "";
    }

    // Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; SpanKind kind = 6; }
    private static ReceivedSpan span(String service, ByteBuffer in) {
        String traceId = "";
        String spanId = "";
        String parent = "";
        String name = "";
        int kind = 0;
        while (in.hasRemaining()) {
            long tag = varint(in);
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            if (wire == 2 && field == 1) {
                traceId = hex(slice(in));
            } else if (wire == 2 && field == 2) {
                spanId = hex(slice(in));
            } else if (wire == 2 && field == 4) {
                parent = hex(slice(in));
            } else if (wire == 2 && field == 5) {
                name = string(slice(in));
            } else if (wire == 0 && field == 6) {
                kind = (int) varint(in);
            } else {
                skip(in, wire);
            }
        }
        return new ReceivedSpan(service, name, kind, traceId, spanId, parent);
    }

    private static long varint(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = in.get();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("varint too long");
    }

    private static ByteBuffer slice(ByteBuffer in) {
        int length = (int) varint(in);
        ByteBuffer part = in.slice(in.position(), length);
        in.position(in.position() + length);
        return part;
    }

    private static void skip(ByteBuffer in, int wire) {
        switch (wire) {
            case 0 -> varint(in);
            case 1 -> in.position(in.position() + 8);
            case 2 -> slice(in);
            case 5 -> in.position(in.position() + 4);
            default -> throw new IllegalArgumentException("wire type " + wire);
        }
    }

    private static String string(ByteBuffer in) {
        byte[] bytes = new byte[in.remaining()];
        in.get(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String hex(ByteBuffer in) {
        byte[] bytes = new byte[in.remaining()];
        in.get(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
