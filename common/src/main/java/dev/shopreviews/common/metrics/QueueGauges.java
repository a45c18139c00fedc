package dev.shopreviews.common.metrics;

import dev.shopreviews.common.deadletter.DeadLetters;
import dev.shopreviews.common.outbox.Outbox;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gauges every service shares: pending dead letters and the oldest one's age per channel, the outbox's backlog
 * and lag (age of the oldest unpublished event). A scrape only reads numbers: they are refreshed from the database
 * every {@code shopreviews.metrics-refresh} (15 s) by a scheduled job, two small queries in one session. And
 * {@code shopreviews.kafka.ready}: 1 while the Kafka health group is UP (common KafkaHealth), read from the
 * connector's state in memory at each scrape.
 */
@ApplicationScoped
public class QueueGauges {
    private static final Logger LOG = Logger.getLogger(QueueGauges.class);

    private final DeadLetters deadLetters;
    private final Outbox outbox;
    private final MeterRegistry registry;
    private final Map<String, AtomicLong> pendingByChannel = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> oldestByChannel = new ConcurrentHashMap<>();
    private final AtomicLong outboxBacklog = new AtomicLong();
    private final AtomicLong outboxLagSeconds = new AtomicLong();

    public QueueGauges(DeadLetters deadLetters, Outbox outbox, MeterRegistry registry, HealthCenter kafka) {
        this.deadLetters = deadLetters;
        this.outbox = outbox;
        this.registry = registry;
        Gauge.builder("shopreviews.outbox.backlog", outboxBacklog, AtomicLong::get).strongReference(true)
                .description("Outbox events not yet published to Kafka").register(registry);
        Gauge.builder("shopreviews.outbox.lag.seconds", outboxLagSeconds, AtomicLong::get).strongReference(true)
                .description("Age of the oldest outbox event not yet published (0 when none waits)").register(registry);
        Gauge.builder("shopreviews.kafka.ready", kafka, center -> center.isInitialized() && center.getReadiness().isOk() ? 1 : 0)
                .strongReference(true).description("1 while every Kafka channel is ready (/q/health/group/kafka UP), else 0")
                .register(registry);
    }

    @Scheduled(every = "${shopreviews.metrics-refresh:15s}", delayed = "3s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return refresh(Instant.now()).onFailure().recoverWithItem(failure -> {
            LOG.debugf("Queue gauges keep their last values until the next refresh: %s", failure.getMessage());
            return null;
        });
    }

    /** Reads the dead letters' and the outbox's backlog as of {@code now} into the gauges. */
    public Uni<Void> refresh(Instant now) {
        return Panache.withSession(() -> deadLetters.backlog().chain(letters -> outbox.backlog().invoke(box -> {
            Map<String, long[]> channels = new HashMap<>();
            letters.forEach(backlog -> {
                long[] values = channels.computeIfAbsent(backlog.channel(), ignored -> new long[] {0, 0});
                values[0] += backlog.pending();
                values[1] = Math.max(values[1], ageSeconds(backlog.oldest(), now));
            });
            pendingByChannel.keySet().forEach(channel -> channels.putIfAbsent(channel, new long[] {0, 0}));
            channels.forEach((channel, values) -> {
                channelGauge(pendingByChannel, "shopreviews.dead.letters.pending", channel,
                        "Dead letters waiting for the operator (replay or discard)").set(values[0]);
                channelGauge(oldestByChannel, "shopreviews.dead.letters.oldest.age.seconds", channel,
                        "Age of the oldest pending dead letter (0 when none is pending)").set(values[1]);
            });
            outboxBacklog.set(box.rows());
            outboxLagSeconds.set(ageSeconds(box.oldest(), now));
        }))).replaceWithVoid();
    }

    private AtomicLong channelGauge(Map<String, AtomicLong> gauges, String name, String channel, String description) {
        return gauges.computeIfAbsent(channel, key -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder(name, value, AtomicLong::get).strongReference(true).tag("channel", key)
                    .description(description).register(registry);
            return value;
        });
    }

    static long ageSeconds(Instant oldest, Instant now) {
        return oldest == null ? 0 : Math.max(0, now.getEpochSecond() - oldest.getEpochSecond());
    }
}
