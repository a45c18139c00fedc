package dev.shopreviews.common.operator;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a named operator may do. A moderator reads everything and decides on reviews; an admin also changes shops,
 * partners, operators and the pipeline (dead letters). The one place this rule lives: {@link #permits}.
 */
public enum OperatorRole {
    MODERATOR("moderator"),
    ADMIN("admin");

    private final String value;

    OperatorRole(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /** True when this role may do what {@code needed} may do (an admin may do everything a moderator may). */
    public boolean permits(OperatorRole needed) {
        return this == ADMIN || this == needed;
    }

    public static Optional<OperatorRole> parse(String value) {
        return Arrays.stream(values()).filter(role -> role.value.equals(value)).findFirst();
    }
}
