package dev.shopreviews.common.messaging;

import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.deadletter.ReplayableChannel;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.events.WebshopSnapshot;
import io.quarkus.arc.properties.IfBuildProperty;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Set;

import java.time.Instant;

/**
 * Keeps the local webshop replica from the compacted {@code webshops} topic. Upserts are idempotent:
 * a snapshot older than (or equal to) the stored version changes nothing. A malformed or incomplete snapshot is
 * dead-lettered ({@link GuardedRecords}). Only a service that declares the {@code webshops} channel has it (partner-service,
 * the topic's source, does not).
 */
@IfBuildProperty(name = "mp.messaging.incoming.webshops.connector", stringValue = "smallrye-kafka")
@ApplicationScoped
public class WebshopReplicaConsumer implements ReplayableChannel {
    private static final String CHANNEL = "webshops";
    private static final Logger LOG = Logger.getLogger(WebshopReplicaConsumer.class);

    private final GuardedRecords guarded;

    public WebshopReplicaConsumer(GuardedRecords guarded) {
        this.guarded = guarded;
    }

    @Incoming(CHANNEL)
    public Uni<Void> onSnapshot(ConsumerRecord<String, WebshopSnapshot> record) {
        return guarded.apply(CHANNEL, record, this::apply);
    }

    @Override
    public Set<String> channels() {
        return Set.of(CHANNEL);
    }

    @Override
    public Uni<Void> replay(String channel, String payload) {
        return apply(EventJson.read(Topics.WEBSHOPS, payload));
    }

    public Uni<Void> apply(WebshopSnapshot snapshot) {
        if (snapshot == null) {
            return Uni.createFrom().voidItem(); // a tombstone: webshops are never removed, only deactivated
        }
        check(snapshot);
        return WebshopReplica.<WebshopReplica>findById(snapshot.webshopId())
                .chain(existing -> upsert(existing, snapshot));
    }

    private Uni<Void> upsert(WebshopReplica existing, WebshopSnapshot snapshot) {
        if (existing != null && existing.version >= snapshot.version()) {
            return Uni.createFrom().voidItem();
        }
        WebshopReplica replica = existing != null ? existing : new WebshopReplica();
        replica.id = snapshot.webshopId();
        replica.apiCodeHash = snapshot.apiCodeHash();
        replica.publicCode = snapshot.publicCode();
        replica.name = snapshot.name();
        replica.mainLanguage = snapshot.mainLanguage() == null ? "en" : snapshot.mainLanguage();
        replica.languages = snapshot.languages() == null ? replica.mainLanguage : String.join(",", snapshot.languages());
        replica.replyAccess = snapshot.replyAccess();
        replica.active = snapshot.active();
        replica.version = snapshot.version();
        replica.snapshot = EventJson.write(snapshot);
        replica.updatedAt = Instant.now();
        LOG.infof("Webshop %d replicated at version %d", replica.id, replica.version);
        return existing != null ? Uni.createFrom().voidItem() : replica.persist().replaceWithVoid();
    }

    private static void check(WebshopSnapshot snapshot) {
        if (snapshot.webshopId() <= 0 || snapshot.apiCodeHash() == null || snapshot.publicCode() == null
                || snapshot.name() == null) {
            throw new UnusableRecord("incomplete webshop snapshot");
        }
    }
}
