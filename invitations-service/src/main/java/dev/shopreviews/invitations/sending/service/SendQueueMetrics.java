package dev.shopreviews.invitations.sending.service;

import dev.shopreviews.invitations.sending.repository.SendQueue;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The send queue's gauges: {@code invitations.queued} (queued, retrying or sending) and
 * {@code invitations.oldest.due.age.seconds} (how long the longest-waiting due invitation has been due; 0 when none
 * is: a scheduled invitation is not late before its time). Refreshed every {@code shopreviews.metrics-refresh}; a
 * scrape never queries.
 */
@ApplicationScoped
public class SendQueueMetrics {
    private static final Logger LOG = Logger.getLogger(SendQueueMetrics.class);

    private final SendQueue queue;
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong oldestDueSeconds = new AtomicLong();

    public SendQueueMetrics(SendQueue queue, MeterRegistry registry) {
        this.queue = queue;
        Gauge.builder("invitations.queued", queued, AtomicLong::get).strongReference(true)
                .description("Invitations still to be e-mailed (queued, retrying or sending)").register(registry);
        Gauge.builder("invitations.oldest.due.age.seconds", oldestDueSeconds, AtomicLong::get).strongReference(true)
                .description("How long the longest-waiting due invitation has been due (0 when none is)").register(registry);
    }

    @Scheduled(every = "${shopreviews.metrics-refresh:15s}", delayed = "3s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return refresh(Instant.now()).onFailure().recoverWithItem(failure -> {
            LOG.debugf("Send queue gauges keep their last values until the next refresh: %s", failure.getMessage());
            return null;
        });
    }

    public Uni<Void> refresh(Instant now) {
        return Panache.withSession(() -> queue.backlog(now)).invoke(backlog -> {
            queued.set(backlog.queued());
            oldestDueSeconds.set(backlog.oldestDue() == null ? 0
                    : Math.max(0, now.getEpochSecond() - backlog.oldestDue().getEpochSecond()));
        }).replaceWithVoid();
    }
}
