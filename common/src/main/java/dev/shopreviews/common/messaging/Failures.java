package dev.shopreviews.common.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.vertx.pgclient.PgException;
import org.hibernate.JDBCException;

import java.sql.SQLException;
import java.util.Set;

/**
 * Tells a failure a consumer can never get past by retrying (the record itself is at fault: bad data, a constraint
 * it violates, an unparsable payload, a rule that refuses it) from a transient one (connection, timeout, lock or
 * serialization conflict, a broker or database restarting), which is retried with backoff.
 */
public final class Failures {
    /** SQLSTATE classes caused by the data of the statement: data exception, integrity constraint violation. */
    private static final Set<String> DATA_ERROR_CLASSES = Set.of("22", "23");

    private Failures() {
    }

    public static boolean permanent(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof UnusableRecord || cause instanceof JsonProcessingException) {
                return true;
            }
            String sqlState = sqlState(cause);
            if (sqlState != null && sqlState.length() == 5) {
                return DATA_ERROR_CLASSES.contains(sqlState.substring(0, 2));
            }
            if (cause instanceof IllegalArgumentException || cause instanceof NullPointerException
                    || cause instanceof ClassCastException || cause instanceof IndexOutOfBoundsException
                    || cause instanceof ArithmeticException) {
                return true;
            }
        }
        return false;
    }

    /** The SQLSTATE of a database failure: PostgreSQL's own, or as Hibernate or JDBC report it; null for others. */
    private static String sqlState(Throwable failure) {
        if (failure instanceof PgException pg) {
            return pg.getSqlState();
        }
        if (failure instanceof JDBCException jdbc) {
            return jdbc.getSQLState();
        }
        return failure instanceof SQLException sql ? sql.getSQLState() : null;
    }

    /** A short description of the failure for the dead letter: the innermost message, at most 1000 characters. */
    public static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
        return text.length() > 1000 ? text.substring(0, 1000) : text;
    }
}
