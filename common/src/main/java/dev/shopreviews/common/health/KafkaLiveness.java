package dev.shopreviews.common.health;

import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Liveness of the Kafka channels as before ({@code /q/health/live}): DOWN only when a channel failed for good (a
 * consumer that stopped), which a restart cures; a broker outage is not a failure of the pod (see {@link KafkaHealth}).
 */
@ApplicationScoped
@Liveness
public class KafkaLiveness implements HealthCheck {
    private final HealthCenter center;

    public KafkaLiveness(HealthCenter center) {
        this.center = center;
    }

    @Override
    public HealthCheckResponse call() {
        // Before the channels started nothing can have failed: live (startup is the startup probe's question).
        return center.isInitialized() ? KafkaHealth.response("Kafka channels liveness", center.getLiveness())
                : HealthCheckResponse.up("Kafka channels liveness");
    }
}
