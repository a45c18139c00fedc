package dev.shopreviews.webhooks.delivery.repository;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes the outcomes of delivery attempts, many in one statement: attempts that finish within
 * {@link #LINGER_MS} of each other (up to {@link #MAX_BATCH}) share one round trip and one commit, where one
 * statement per attempt made PostgreSQL the limit of the delivery rate (a commit per delivery). Each caller's
 * {@code Uni} completes when its row is written. Should a shared statement fail (a delivery deleted by an erasure
 * in between, say), each attempt of it is written on its own, so one row's problem stays that row's.
 */
@ApplicationScoped
public class AttemptRecords {
    private static final Logger LOG = Logger.getLogger(AttemptRecords.class);
    static final int MAX_BATCH = 64;
    static final long LINGER_MS = 2;

    /** One attempt's outcome; {@code retryInMs} null means no further attempt (delivered or dead). */
    public record Outcome(long deliveryId, int attempt, OffsetDateTime attemptedAt, Integer statusCode, int latencyMs,
                          String error, String state, Integer retryInMs) {
    }

    /** Writes the attempts of the outcomes {@code o} (%s: a select of them) and updates their deliveries. */
    private static final String WRITE = """
            with o as (%s), attempt as (
                insert into webhook_attempt (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
                select o.id, o.attempt, o.attempted_at, o.status_code, o.latency_ms, o.error from o
                 where exists (select 1 from webhook_delivery where id = o.id)
            )
            update webhook_delivery d
               set state = o.state, last_status_code = o.status_code, last_latency_ms = o.latency_ms, last_error = o.error,
                   lease_until = null,
                   next_attempt_at = case when o.retry_ms is null then null else now() + o.retry_ms * interval '1 millisecond' end,
                   delivered_at = case when o.state = 'delivered' then now() else d.delivered_at end
              from o where d.id = o.id and d.state = 'in_flight' and d.attempts = o.attempt""";

    private static final String ONE = WRITE.formatted("""
            select $1::bigint as id, $2::int as attempt, $3::timestamptz as attempted_at, $4::int as status_code,
                   $5::int as latency_ms, $6::text as error, $7::text as state, $8::int as retry_ms""");

    // Rows in id order: two statements that update some of the same deliveries lock them in the same order.
    private static final String MANY = WRITE.formatted("""
            select * from unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::text[],
                                 $7::text[], $8::int[])
                   as o(id, attempt, attempted_at, status_code, latency_ms, error, state, retry_ms)""");

    private record Waiting(Outcome outcome, UniEmitter<? super Void> emitter) {
    }

    private final Pool pool;
    private final Vertx vertx;
    private List<Waiting> waiting = new ArrayList<>();
    private boolean flushScheduled;

    public AttemptRecords(Pool pool, Vertx vertx) {
        this.pool = pool;
        this.vertx = vertx;
    }

    public Uni<Void> record(Outcome outcome) {
        return Uni.createFrom().emitter(emitter -> add(new Waiting(outcome, emitter)));
    }

    private void add(Waiting entry) {
        List<Waiting> full = null;
        boolean schedule = false;
        synchronized (this) {
            waiting.add(entry);
            if (waiting.size() >= MAX_BATCH) {
                full = takeWaiting();
            } else if (!flushScheduled) {
                flushScheduled = true;
                schedule = true;
            }
        }
        if (full != null) {
            write(full);
        } else if (schedule) {
            vertx.setTimer(LINGER_MS, id -> flush());
        }
    }

    private void flush() {
        List<Waiting> batch;
        synchronized (this) {
            flushScheduled = false;
            batch = takeWaiting();
        }
        if (!batch.isEmpty()) {
            write(batch);
        }
    }

    private List<Waiting> takeWaiting() {
        List<Waiting> taken = waiting;
        waiting = new ArrayList<>();
        return taken;
    }

    private void write(List<Waiting> batch) {
        if (batch.size() == 1) {
            writeAlone(batch.get(0));
            return;
        }
        List<Outcome> outcomes = batch.stream().map(Waiting::outcome).sorted(Comparator.comparingLong(Outcome::deliveryId)).toList();
        pool.preparedQuery(MANY).execute(columns(outcomes)).subscribe().with(
                rows -> batch.forEach(entry -> entry.emitter().complete(null)),
                failure -> {
                    LOG.debugf("Writing %d attempts together failed (%s); writing each on its own", batch.size(), failure.getMessage());
                    batch.forEach(this::writeAlone);
                });
    }

    private void writeAlone(Waiting entry) {
        Outcome o = entry.outcome();
        Tuple params = Tuple.from(new Object[]{o.deliveryId(), o.attempt(), o.attemptedAt(), o.statusCode(), o.latencyMs(),
                o.error(), o.state(), o.retryInMs()});
        pool.preparedQuery(ONE).execute(params).subscribe().with(rows -> entry.emitter().complete(null), entry.emitter()::fail);
    }

    private static Tuple columns(List<Outcome> outcomes) {
        int n = outcomes.size();
        Long[] ids = new Long[n];
        Integer[] attempts = new Integer[n];
        OffsetDateTime[] at = new OffsetDateTime[n];
        Integer[] status = new Integer[n];
        Integer[] latency = new Integer[n];
        String[] errors = new String[n];
        String[] states = new String[n];
        Integer[] retry = new Integer[n];
        for (int i = 0; i < n; i++) {
            Outcome o = outcomes.get(i);
            ids[i] = o.deliveryId();
            attempts[i] = o.attempt();
            at[i] = o.attemptedAt().withOffsetSameInstant(ZoneOffset.UTC);
            status[i] = o.statusCode();
            latency[i] = o.latencyMs();
            errors[i] = o.error();
            states[i] = o.state();
            retry[i] = o.retryInMs();
        }
        return Tuple.from(new Object[]{ids, attempts, at, status, latency, errors, states, retry});
    }
}
