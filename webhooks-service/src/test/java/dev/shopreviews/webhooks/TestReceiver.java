package dev.shopreviews.webhooks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A real webhook receiver on 127.0.0.1 (random port): records every request and answers scripted statuses per path. */
public final class TestReceiver implements AutoCloseable {

    public record Received(String method, String path, Map<String, String> headers, byte[] body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(32);
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, ConcurrentLinkedQueue<Integer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, Integer> fallback = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> holds = new ConcurrentHashMap<>();
    private final Map<String, Duration> holdLimits = new ConcurrentHashMap<>();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger maxInProgress = new AtomicInteger();

    public TestReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    /** Answers these statuses in order on the path, then {@code afterwards}. */
    public void script(String path, int afterwards, Integer... statuses) {
        scripts.put(path, new ConcurrentLinkedQueue<>(List.of(statuses)));
        fallback.put(path, afterwards);
    }

    /** Requests on the path wait until the returned latch is released, at most {@code longest}. */
    public CountDownLatch hold(String path, Duration longest) {
        CountDownLatch latch = new CountDownLatch(1);
        holdLimits.put(path, longest);
        holds.put(path, latch);
        return latch;
    }

    public List<Received> on(String path) {
        return received.stream().filter(request -> request.path().equals(path)).toList();
    }

    public List<Received> all() {
        return List.copyOf(received);
    }

    public int inProgress() {
        return inProgress.get();
    }

    public int maxInProgress() {
        return maxInProgress.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inProgress.incrementAndGet();
        maxInProgress.accumulateAndGet(now, Math::max);
        try (exchange; InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            Map<String, String> headers = new HashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
            CountDownLatch hold = holds.get(path);
            if (hold != null) {
                try {
                    hold.await(holdLimits.get(path).toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            received.add(new Received(exchange.getRequestMethod(), path, headers, body));
            ConcurrentLinkedQueue<Integer> script = scripts.get(path);
            Integer scripted = script == null ? null : script.poll();
            int status = scripted != null ? scripted : fallback.getOrDefault(path, 200);
            if (status >= 300 && status < 400) {
                exchange.getResponseHeaders().add("Location", url("/redirected"));
            }
            byte[] answer = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
        } finally {
            inProgress.decrementAndGet();
        }
    }

    @Override
    public void close() {
        holds.values().forEach(CountDownLatch::countDown);
        server.stop(0);
        executor.shutdownNow();
    }
}
