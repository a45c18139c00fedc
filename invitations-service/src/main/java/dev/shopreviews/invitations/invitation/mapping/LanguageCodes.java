package dev.shopreviews.invitations.invitation.mapping;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code language} field as shop systems send it, read as an ISO 639-1 code. The spec asks for two letters;
 * real clients send more (docs/api-notes.md, "What real clients send"): WordPress/WPML a tag with a region or script
 * ({@code pt-br}, {@code zh-hans}), PrestaShop and OpenCart a locale with an underscore ({@code en_us}), Shopware a
 * locale ({@code de-DE}), Magento 2 and the WordPress plugin's language detection three-letter codes ({@code nld},
 * {@code eng}, ISO 639-2/T and /B). The first subtag decides: two letters are taken as they are; three letters are
 * mapped to their two-letter code.
 */
public final class LanguageCodes {
    /** A BCP 47-like tag: a primary subtag of 2-3 letters, then subtags of 1-8 letters or digits, by - or _. */
    private static final Pattern TAG = Pattern.compile("([a-z]{2,3})([-_][a-z0-9]{1,8})*");
    private static final Map<String, String> THREE_TO_TWO = threeToTwo();

    private LanguageCodes() {
    }

    /** The outcome of reading a language tag. */
    public sealed interface Reading {
    }

    /** A two-letter code (lower case). */
    public record Code(String iso6391) implements Reading {
    }

    /** A well-formed three-letter code without a two-letter equivalent (e.g. {@code fil}): the shop's language applies. */
    public record NoTwoLetterCode() implements Reading {
    }

    /** Not a language tag at all. */
    public record NotATag() implements Reading {
    }

    /** Reads a trimmed, non-blank tag. */
    public static Reading read(String value) {
        String tag = value.trim().toLowerCase(Locale.ROOT);
        if (!TAG.matcher(tag).matches()) {
            return new NotATag();
        }
        int end = 0;
        while (end < tag.length() && Character.isLetter(tag.charAt(end))) {
            end++;
        }
        String primary = tag.substring(0, end);
        if (primary.length() == 2) {
            return new Code(primary);
        }
        String two = THREE_TO_TWO.get(primary);
        return two == null ? new NoTwoLetterCode() : new Code(two);
    }

    /** ISO 639-2/T codes from the JDK's language table, and the bibliographic (ISO 639-2/B) codes that differ. */
    private static Map<String, String> threeToTwo() {
        Map<String, String> map = new HashMap<>();
        for (String two : Locale.getISOLanguages()) {
            if (two.length() != 2) {
                continue;
            }
            try {
                String three = new Locale(two).getISO3Language();
                if (three.length() == 3) {
                    map.putIfAbsent(three, two);
                }
            } catch (java.util.MissingResourceException e) {
                // no three-letter code known for it
            }
        }
        String[][] bibliographic = {
                {"alb", "sq"}, {"arm", "hy"}, {"baq", "eu"}, {"bur", "my"}, {"chi", "zh"}, {"cze", "cs"},
                {"dut", "nl"}, {"fre", "fr"}, {"geo", "ka"}, {"ger", "de"}, {"gre", "el"}, {"ice", "is"},
                {"mac", "mk"}, {"mao", "mi"}, {"may", "ms"}, {"per", "fa"}, {"rum", "ro"}, {"slo", "sk"},
                {"tib", "bo"}, {"wel", "cy"}};
        for (String[] pair : bibliographic) {
            map.putIfAbsent(pair[0], pair[1]);
        }
        return Map.copyOf(map);
    }
}
