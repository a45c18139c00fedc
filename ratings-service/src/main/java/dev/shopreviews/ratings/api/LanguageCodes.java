package dev.shopreviews.ratings.api;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A language as clients name it, to the ISO 639-1 code reviews are stored with: {@code nl}, the ISO 639-2/3 codes
 * ({@code nld}, and the bibliographic {@code dut}, {@code ger}, {@code fre} …) and region-tagged forms
 * ({@code nl-NL}, {@code nl_NL}, {@code nld-BE}).
 */
public final class LanguageCodes {
    /** A two- or three-letter language, optionally with a region (two letters or three digits), - or _ between. */
    private static final Pattern TAG = Pattern.compile("^([a-z]{2,3})(?:[-_](?:[a-z]{2}|\\d{3}))?$");
    private static final Map<String, String> THREE_LETTER = threeLetterCodes();

    private LanguageCodes() {
    }

    /** The ISO 639-1 code, lower case; empty when the value is none of the forms above or names no such language. */
    public static Optional<String> iso6391(String value) {
        var tag = TAG.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!tag.matches()) {
            return Optional.empty();
        }
        String language = tag.group(1);
        return language.length() == 2 ? Optional.of(language) : Optional.ofNullable(THREE_LETTER.get(language));
    }

    /** ISO 639-2/T (= 639-3 for these) from the JDK's table; the 639-2/B codes differ for a few, the JDK has none. */
    private static Map<String, String> threeLetterCodes() {
        Map<String, String> codes = new HashMap<>();
        for (String iso : Locale.getISOLanguages()) {
            try {
                codes.put(new Locale(iso).getISO3Language(), iso);
            } catch (MissingResourceException e) {
                // a code without a three-letter form: only its two letters name it
            }
        }
        Map.ofEntries(Map.entry("alb", "sq"), Map.entry("arm", "hy"), Map.entry("baq", "eu"), Map.entry("bur", "my"),
                Map.entry("chi", "zh"), Map.entry("cze", "cs"), Map.entry("dut", "nl"), Map.entry("fre", "fr"),
                Map.entry("geo", "ka"), Map.entry("ger", "de"), Map.entry("gre", "el"), Map.entry("ice", "is"),
                Map.entry("mac", "mk"), Map.entry("mao", "mi"), Map.entry("may", "ms"), Map.entry("per", "fa"),
                Map.entry("rum", "ro"), Map.entry("slo", "sk"), Map.entry("tib", "bo"), Map.entry("wel", "cy"))
                .forEach(codes::putIfAbsent);
        return Map.copyOf(codes);
    }
}
