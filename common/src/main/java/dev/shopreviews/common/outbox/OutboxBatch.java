package dev.shopreviews.common.outbox;

import dev.shopreviews.common.events.EventTopic;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.tracing.CurrentTrace;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

import java.util.ArrayList;
import java.util.List;

/**
 * Events collected during one transaction and appended to the outbox with ONE statement, in the order they were
 * added (their ids, and so the relay's publishing order, follow that order). For a batch of many events: appending
 * them one by one costs a round trip and an entity each. Not thread-safe; the state of one transaction.
 */
public final class OutboxBatch {
    // ORDER BY the ordinality: the rows take their bigserial ids in the order the events were added.
    private static final String INSERT = """
            insert into outbox_event (topic, event_key, payload, created_at, traceparent)
            select u.topic, u.event_key, u.payload, now(), u.traceparent
            from unnest(cast(?1 as text[]), cast(?2 as text[]), cast(?3 as text[]), cast(?4 as text[]))
                with ordinality as u(topic, event_key, payload, traceparent, n)
            order by u.n""";

    private final List<String> topics = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<String> payloads = new ArrayList<>();
    private final List<String> traceparents = new ArrayList<>();

    OutboxBatch() {
    }

    public <E> void add(EventTopic<E> topic, String key, E event) {
        topics.add(topic.name());
        keys.add(key);
        payloads.add(EventJson.write(event));
        traceparents.add(CurrentTrace.get());
    }

    /** Appends what was added since the last call, inside the caller's transaction. */
    public Uni<Integer> append() {
        if (topics.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        String[] topicArray = topics.toArray(String[]::new);
        String[] keyArray = keys.toArray(String[]::new);
        String[] payloadArray = payloads.toArray(String[]::new);
        String[] traceparentArray = traceparents.toArray(String[]::new);
        topics.clear();
        keys.clear();
        payloads.clear();
        traceparents.clear();
        return Panache.getSession().chain(session -> session.createNativeQuery(INSERT)
                .setParameter(1, topicArray)
                .setParameter(2, keyArray)
                .setParameter(3, payloadArray)
                .setParameter(4, traceparentArray)
                .executeUpdate());
    }
}
