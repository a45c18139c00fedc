package dev.shopreviews.common.session;

import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.events.SessionsEnded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.messaging.GuardedRecords;
import dev.shopreviews.common.messaging.UnusableRecord;
import io.quarkus.arc.properties.IfBuildProperty;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.time.Instant;
import java.util.Set;

/**
 * Reads {@code sessions.ended} into {@link EndedSessions}. Every instance has a consumer group of its own (the
 * channel's group id ends in a per-start id) and reads the topic from its start, so each instance knows every ended
 * session; the topic keeps two hours, more than a session lives. Only a service that declares the
 * {@code sessions-ended} channel has it.
 */
@IfBuildProperty(name = "mp.messaging.incoming.sessions-ended.connector", stringValue = "smallrye-kafka")
@ApplicationScoped
public class SessionsEndedConsumer implements ReplayableChannel {
    private static final String CHANNEL = "sessions-ended";
    private static final Set<String> KINDS = Set.of(SessionsEnded.OWNER, SessionsEnded.OPERATOR, SessionsEnded.OWNER_SESSION);

    private final GuardedRecords guarded;
    private final EndedSessions ended;

    public SessionsEndedConsumer(GuardedRecords guarded, EndedSessions ended) {
        this.guarded = guarded;
        this.ended = ended;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onEnded(ConsumerRecord<String, SessionsEnded> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.SESSIONS_ENDED, payload));
    }

    Uni<Void> apply(SessionsEnded event) {
        if (event == null) {
            return Uni.createFrom().voidItem(); // a tombstone of compaction: nothing to end
        }
        if (event.endedAt() == null || event.account() == null || event.account().isBlank()
                || !KINDS.contains(event.accountKind())) {
            throw new UnusableRecord("incomplete sessions.ended event");
        }
        if (event.endedAt().isAfter(Instant.now().minus(EndedSessions.KEEP))) {
            ended.end(event.accountKind(), event.account(), event.endedAt()); // older ends concern expired sessions only
        }
        return Uni.createFrom().voidItem();
    }
}
