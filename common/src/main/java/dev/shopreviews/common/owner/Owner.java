package dev.shopreviews.common.owner;

import dev.shopreviews.common.audit.Actor;

import java.util.Set;

/** A shop owner signed in to the dashboard and the webshops the session lets them manage. */
public record Owner(long id, String email, Set<Long> webshops) implements Actor {
    public Owner {
        webshops = Set.copyOf(webshops);
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
