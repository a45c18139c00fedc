package dev.shopreviews.common.operator;

import dev.shopreviews.common.audit.Actor;

/**
 * Who asks: a named operator signed in to the console, or a script with the machine token. {@link #actor()} is
 * what the audit log records.
 */
public record Operator(String name, OperatorRole role, boolean machine) implements Actor {
    public static final Operator MACHINE_TOKEN = new Operator("operator-token", OperatorRole.ADMIN, true);

    @Override
    public String actor() {
        return machine ? "token:" + name : "operator:" + name;
    }
}
