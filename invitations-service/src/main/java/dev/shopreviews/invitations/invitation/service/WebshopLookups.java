package dev.shopreviews.invitations.invitation.service;

import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.auth.WebshopReplicaReader;
import dev.shopreviews.invitations.config.InvitationsConfig;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The webshop replicas the adding of invitations authenticates against, looked up like the adds themselves: the
 * lookups of requests that arrive together go in one statement (see {@link RequestCoalescer}).
 */
@ApplicationScoped
public class WebshopLookups {
    private final RequestCoalescer<Long, WebshopReplica> lookups;

    public WebshopLookups(WebshopReplicaReader reader, InvitationsConfig config) {
        this.lookups = new RequestCoalescer<>(reader::byIds, config.intake().maxBatch(), config.intake().maxConcurrent());
    }

    /** The replica, or null for an unknown id. */
    public Uni<WebshopReplica> find(Long webshopId) {
        return lookups.submit(webshopId);
    }
}
