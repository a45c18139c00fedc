package dev.shopreviews.common.input;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * The one input rule for text at every boundary (HTTP query, form and JSON fields, Kafka payloads). Refused:
 * NUL and the other C0 controls, DEL, the C1 controls, lone surrogates, noncharacters and U+FFFD (what a decoder
 * leaves of invalid UTF-8). Free text ({@link Kind#TEXT}) may hold tab, line feed and carriage return; a single
 * line ({@link Kind#LINE}: names, e-mail addresses, anything that may end up in a mail header or a URL) may not.
 */
public final class TextInput {
    /** What a field may hold. */
    public enum Kind { LINE, TEXT }

    private TextInput() {
    }

    /** Null when {@code value} is acceptable (null included), else why it is not, e.g. "contains a control character". */
    public static String problem(String value, Kind kind) {
        if (value == null) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                    int codePoint = Character.toCodePoint(c, value.charAt(++i));
                    if ((codePoint & 0xFFFE) == 0xFFFE) {
                        return "contains an invalid character";
                    }
                    continue;
                }
                return "contains an invalid character";
            }
            if (Character.isLowSurrogate(c) || c == '\uFFFD' || c == '\uFFFE' || c == '\uFFFF'
                    || (c >= '\uFDD0' && c <= '\uFDEF')) {
                return "contains an invalid character";
            }
            if (isControl(c) && !(kind == Kind.TEXT && (c == '\t' || c == '\n' || c == '\r'))) {
                return kind == Kind.LINE && (c == '\n' || c == '\r' || c == '\t')
                        ? "must be a single line" : "contains a control character";
            }
        }
        return null;
    }

    public static boolean acceptable(String value, Kind kind) {
        return problem(value, kind) == null;
    }

    /** The first string in a JSON tree (field names included) the rule refuses, as "Invalid value for path: why.". */
    public static String jsonProblem(JsonNode node) {
        return jsonProblem(node, "");
    }

    private static String jsonProblem(JsonNode node, String path) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            String why = problem(node.textValue(), Kind.TEXT);
            return why == null ? null : invalid(path.isEmpty() ? "body" : path, why);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String found = jsonProblem(node.get(i), path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String name = field.getKey();
                if (problem(name, Kind.LINE) != null) {
                    return invalid(path.isEmpty() ? "a field name" : path, "a field name contains an invalid character");
                }
                String found = jsonProblem(field.getValue(), path.isEmpty() ? name : path + "." + name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** The text of a 400 answer for a field: "Invalid value for name: why.". */
    public static String invalid(String field, String why) {
        return "Invalid value for " + printable(field) + ": " + why + ".";
    }

    /** Only ASCII digits 0-9, 1 to {@code maxDigits} of them (a webshop id in Arabic-Indic digits is not an id). */
    public static boolean asciiDigits(String value, int maxDigits) {
        if (value == null || value.isEmpty() || value.length() > maxDigits) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** An optional id of a query: 0 when absent or empty, -1 when not an id (the caller answers that as it must). */
    public static long optionalId(String value) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        Long parsed = id(value);
        return parsed == null ? -1 : parsed;
    }

    /** A positive id of at most 18 ASCII digits (surrounding spaces allowed), else null. */
    public static Long id(String value) {
        if (value == null) {
            return null;
        }
        String trimmed = value.trim();
        if (!asciiDigits(trimmed, 18)) {
            return null;
        }
        long id = Long.parseLong(trimmed);
        return id > 0 ? id : null;
    }

    /**
     * A whole number from {@code min} to {@code max} written in ASCII digits with an optional leading minus, else
     * null: out-of-range values are refused, never truncated or wrapped.
     */
    public static Long integer(String value, long min, long max) {
        if (value == null) {
            return null;
        }
        String trimmed = value.trim();
        boolean negative = trimmed.startsWith("-");
        String digits = negative ? trimmed.substring(1) : trimmed;
        if (!asciiDigits(digits, 18)) {
            return null;
        }
        long parsed = negative ? -Long.parseLong(digits) : Long.parseLong(digits);
        return parsed < min || parsed > max ? null : parsed;
    }

    /** An absolute http or https URL with a host and no control characters or spaces. */
    public static boolean httpUrl(String value) {
        if (value == null || value.isBlank() || problem(value, Kind.LINE) != null || value.contains(" ")) {
            return false;
        }
        try {
            URI uri = new URI(value.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && !uri.getHost().isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    /** A field name safe to echo back: invisible characters replaced. */
    private static String printable(String field) {
        StringBuilder out = new StringBuilder(Math.min(field.length(), 64));
        field.codePoints().limit(64).forEach(cp -> out.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        return out.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F);
    }
}
