package dev.shopreviews.common.rules;

import java.util.Locale;
import java.util.Set;

/** A reviewer's country: an ISO 3166 alpha-2 code (as {@link Locale#getISOCountries()} lists them), any case. */
public final class Country {
    public static final String REFUSED = "country must be a two-letter ISO 3166 country code";
    private static final Set<String> CODES = Set.of(Locale.getISOCountries());

    private Country() {
    }

    /** Trimmed and upper case, null when blank. */
    public static String normalise(String raw) {
        String code = Fields.normalise(raw);
        return code == null ? null : code.toUpperCase(Locale.ROOT);
    }

    public static boolean valid(String raw) {
        String code = normalise(raw);
        return code != null && code.length() == 2 && CODES.contains(code);
    }
}
