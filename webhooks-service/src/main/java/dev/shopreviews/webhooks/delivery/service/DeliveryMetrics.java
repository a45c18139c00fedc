package dev.shopreviews.webhooks.delivery.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Micrometer meters: {@code webhooks.deliveries} counted by outcome (delivered, failed = an attempt that will be
 * retried, dead = given up), {@code webhooks.delivery.attempts} by outcome (success, failure) and the answer's status
 * class (2xx … 5xx, or none when no HTTP answer came; never by endpoint: the per-endpoint view is the operator
 * console's, and endpoints are unbounded), and {@code webhooks.delivery.latency}.
 */
@ApplicationScoped
public class DeliveryMetrics {
    private final Counter delivered;
    private final Counter failed;
    private final Counter dead;
    private final Timer latency;
    private final MeterRegistry registry;
    private final Map<String, Counter> attempts = new ConcurrentHashMap<>();

    public DeliveryMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.delivered = registry.counter("webhooks.deliveries", "outcome", "delivered");
        this.failed = registry.counter("webhooks.deliveries", "outcome", "failed");
        this.dead = registry.counter("webhooks.deliveries", "outcome", "dead");
        this.latency = registry.timer("webhooks.delivery.latency");
    }

    public void delivered(int latencyMs) {
        delivered.increment();
        latency.record(Duration.ofMillis(latencyMs));
    }

    public void failed() {
        failed.increment();
    }

    public void dead() {
        dead.increment();
    }

    /** One attempt's outcome, by the answer's status class (at most 2 x 5 series). */
    public void attempted(Integer statusCode, boolean success) {
        String key = (success ? "success" : "failure") + "/" + statusClass(statusCode);
        attempts.computeIfAbsent(key, ignored -> Counter.builder("webhooks.delivery.attempts")
                .tag("outcome", success ? "success" : "failure").tag("status_class", statusClass(statusCode))
                .description("Webhook delivery attempts by outcome and the answer's status class").register(registry))
                .increment();
    }

    static String statusClass(Integer statusCode) {
        return statusCode == null || statusCode < 100 || statusCode > 599 ? "none" : (statusCode / 100) + "xx";
    }

    public double deadCount() {
        return dead.count();
    }
}
