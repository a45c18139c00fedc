package dev.shopreviews.common.operator;

/**
 * Who asks: a named operator signed in to the console, or a script with the machine token. {@link #actor()} is
 * what the audit log records.
 */
public record Operator(String name, OperatorRole role, boolean machine) {
    public static final Operator MACHINE_TOKEN = new Operator("operator-token", OperatorRole.ADMIN, true);

    public String actor() {
        return machine ? "token:" + name : "operator:" + name;
    }
}
