package dev.shopreviews.common.health;

import io.smallrye.health.api.HealthGroup;
import io.smallrye.health.api.Wellness;
import io.smallrye.reactive.messaging.health.HealthReport;
import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Kafka's state as a health group of its own ({@code /q/health/group/kafka}, also shown in {@code /q/health} as a
 * wellness check), not in readiness: a pod whose broker is away still serves every read from its database, and the
 * outbox keeps events until the broker is back. The readiness of every channel as the Kafka connector reports it
 * (incoming: partitions assigned; outgoing: broker reachable). Quarkus's own messaging checks, which put this into
 * readiness, are off ({@code quarkus.messaging.health.enabled=false}, shopreviews-common.properties).
 */
@ApplicationScoped
@HealthGroup(KafkaHealth.GROUP)
@Wellness
public class KafkaHealth implements HealthCheck {
    public static final String GROUP = "kafka";

    private final HealthCenter center;

    public KafkaHealth(HealthCenter center) {
        this.center = center;
    }

    @Override
    public HealthCheckResponse call() {
        return KafkaHealth.response("Kafka channels", center.isInitialized() ? center.getReadiness() : null);
    }

    static HealthCheckResponse response(String name, HealthReport report) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(name);
        if (report == null) {
            return builder.down().withData("channels", "not yet initialized").build();
        }
        builder.status(report.isOk());
        report.getChannels().forEach(channel -> builder.withData(channel.getChannel(),
                channel.isOk() ? "[OK]" : "[KO]" + (channel.getMessage() == null ? "" : " - " + channel.getMessage())));
        return builder.build();
    }
}
