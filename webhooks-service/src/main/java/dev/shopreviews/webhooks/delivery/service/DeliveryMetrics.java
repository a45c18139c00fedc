package dev.shopreviews.webhooks.delivery.service;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * Micrometer meters: {@code webhooks.deliveries} counted by outcome (delivered, failed = an attempt that will be
 * retried, dead = given up) and {@code webhooks.delivery.latency}.
 */
@ApplicationScoped
public class DeliveryMetrics {
    private final Counter delivered;
    private final Counter failed;
    private final Counter dead;
    private final Timer latency;

    public DeliveryMetrics(MeterRegistry registry) {
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

    public double deadCount() {
        return dead.count();
    }
}
