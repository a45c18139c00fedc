package dev.shopreviews.common.logging;

import io.quarkus.logging.LoggingFilter;
import org.jboss.logmanager.ExtLogRecord;

import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.regex.Pattern;

/**
 * Keeps secrets and personal data out of every service's log lines (console handler, {@code quarkus.log.console.filter}
 * in common's configuration): the values of the query parameters that carry API codes, public codes, partner tokens
 * and link tokens, and e-mail addresses, are replaced before the line is written. Stack traces are not rewritten.
 */
@LoggingFilter(name = "redact-secrets")
public final class SecretRedaction implements Filter {
    private static final Pattern SECRET_PARAMETER =
            Pattern.compile("(?i)([?&;](?:code|public_code|token|t|ref|link)=)[^&\\s\"'<>]+");
    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+\\-]+@[A-Za-z0-9\\-]+(?:\\.[A-Za-z0-9\\-]+)+");

    @Override
    public boolean isLoggable(LogRecord record) {
        String message = record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage();
        if (message == null) {
            return true;
        }
        String redacted = redact(message);
        if (!redacted.equals(message)) {
            if (record instanceof ExtLogRecord ext) {
                ext.setMessage(redacted, ExtLogRecord.FormatStyle.NO_FORMAT);
            } else {
                record.setMessage(redacted);
            }
            record.setParameters(null);
        }
        return true;
    }

    public static String redact(String text) {
        if (text.indexOf('=') < 0 && text.indexOf('@') < 0) {
            return text;
        }
        return EMAIL.matcher(SECRET_PARAMETER.matcher(text).replaceAll("$1REDACTED")).replaceAll("<e-mail>");
    }
}
