package dev.shopreviews.common.owner;

import dev.shopreviews.common.audit.Actor;

import java.util.Set;

/**
 * A shop owner signed in to the dashboard, the webshops the session lets them manage, and the session's id (null
 * for a cookie opened before sessions had ids, and for an owner not known through a cookie).
 */
public record Owner(long id, String email, Set<Long> webshops, String sessionId) implements Actor {
    public Owner {
        webshops = Set.copyOf(webshops);
    }

    public Owner(long id, String email, Set<Long> webshops) {
        this(id, email, webshops, null);
    }

    /** What the audit log records as the actor. */
    @Override
    public String actor() {
        return "owner:" + id;
    }

    public boolean manages(long webshopId) {
        return webshops.contains(webshopId);
    }
}
