package dev.shopreviews.common.rules;

import java.util.Locale;
import java.util.Set;

/** A review's language: an ISO 639-1 code (two letters, as {@link Locale#getISOLanguages()} lists them), any case. */
public final class Language {
    public static final String REFUSED = "language must be an ISO-639-1 code";
    private static final Set<String> CODES = Set.of(Locale.getISOLanguages());

    private Language() {
    }

    /** Trimmed and lower case, null when blank. */
    public static String normalise(String raw) {
        String code = Fields.normalise(raw);
        return code == null ? null : code.toLowerCase(Locale.ROOT);
    }

    public static boolean valid(String raw) {
        String code = normalise(raw);
        return code != null && code.length() == 2 && CODES.contains(code);
    }
}
