package dev.shopreviews.common.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.events.WebshopSnapshot;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.time.Instant;

/**
 * Keeps the local webshop replica from the compacted {@code webshops} topic. Upserts are idempotent:
 * a snapshot older than (or equal to) the stored version changes nothing.
 */
@ApplicationScoped
public class WebshopReplicaConsumer {
    private static final Logger LOG = Logger.getLogger(WebshopReplicaConsumer.class);

    private final ObjectMapper mapper;

    public WebshopReplicaConsumer(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Incoming("webshops")
    public Uni<Void> onSnapshot(String json) {
        return RetriedTransactions.inTransaction("Record on webshops", () -> onSnapshotInTransaction(json));
    }

    private Uni<Void> onSnapshotInTransaction(String json) {
        WebshopSnapshot snapshot = parse(json);
        if (snapshot == null) {
            return Uni.createFrom().voidItem();
        }
        return WebshopReplica.<WebshopReplica>findById(snapshot.webshopId())
                .chain(existing -> upsert(existing, snapshot, json));
    }

    private Uni<Void> upsert(WebshopReplica existing, WebshopSnapshot snapshot, String json) {
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
        replica.snapshot = json;
        replica.updatedAt = Instant.now();
        LOG.infof("Webshop %d replicated at version %d", replica.id, replica.version);
        return existing != null ? Uni.createFrom().voidItem() : replica.persist().replaceWithVoid();
    }

    private WebshopSnapshot parse(String json) {
        if (json == null) {
            return null;
        }
        try {
            WebshopSnapshot snapshot = mapper.readValue(json, WebshopSnapshot.class);
            if (snapshot.apiCodeHash() == null || snapshot.publicCode() == null || snapshot.name() == null) {
                LOG.warnf("Ignoring incomplete webshop snapshot for webshop %d", snapshot.webshopId());
                return null;
            }
            return snapshot;
        } catch (Exception e) {
            LOG.warnf("Ignoring malformed webshop snapshot: %s", e.getMessage());
            return null;
        }
    }
}
