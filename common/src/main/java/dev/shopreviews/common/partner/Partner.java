package dev.shopreviews.common.partner;

import dev.shopreviews.common.audit.Actor;

/** A partner calling with its token (spec 5.4): the name the token was issued for, also the audit log's actor. */
public record Partner(String name) implements Actor {
    @Override
    public String actor() {
        return "partner:" + name;
    }
}
