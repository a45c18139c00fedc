package dev.shopreviews.embed.i18n;

import io.quarkus.qute.i18n.Localized;
import io.quarkus.qute.i18n.MessageBundles;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The six display languages (spec 4.15): ISO-639-3 codes of the widget and sidebar, ISO-639-1 everywhere else. */
public final class Languages {
    public static final String FALLBACK = "en";
    /** ISO-639-3 to ISO-639-1, in the spec's order. */
    public static final Map<String, String> ISO3_TO_ISO1;

    static {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("nld", "nl");
        map.put("eng", "en");
        map.put("deu", "de");
        map.put("fra", "fr");
        map.put("spa", "es");
        map.put("ita", "it");
        ISO3_TO_ISO1 = Map.copyOf(map);
    }

    public static final List<String> SUPPORTED = List.of("nl", "en", "de", "fr", "es", "it");

    private Languages() {
    }

    public static boolean supported(String iso1) {
        return iso1 != null && SUPPORTED.contains(iso1);
    }

    public static Optional<String> fromIso3(String iso3) {
        return Optional.ofNullable(iso3 == null ? null : ISO3_TO_ISO1.get(iso3));
    }

    /** ISO-639-2/B codes of the six, which shop software sends too (dut for nld, ger for deu, fre for fra). */
    private static final Map<String, String> BIBLIOGRAPHIC = Map.of("dut", "nl", "ger", "de", "fre", "fr");

    /**
     * A display language as the spec writes it (ISO-639-3, {@code nld}) or as real clients send it: ISO-639-1
     * ({@code nl}), ISO-639-2/B ({@code dut}) or with a region ({@code nl-NL}, {@code nl_BE}); case ignored.
     * Empty when it names none of the six.
     */
    public static Optional<String> parse(String code) {
        if (code == null) {
            return Optional.empty();
        }
        String primary = code.trim().toLowerCase(Locale.ROOT).split("[-_]", 2)[0];
        if (SUPPORTED.contains(primary)) {
            return Optional.of(primary);
        }
        return fromIso3(primary).or(() -> Optional.ofNullable(BIBLIOGRAPHIC.get(primary)));
    }

    public static String iso3(String iso1) {
        return ISO3_TO_ISO1.entrySet().stream().filter(e -> e.getValue().equals(iso1)).map(Map.Entry::getKey)
                .findFirst().orElse("eng");
    }

    /** The language to show: the wanted one when supported and enabled for the webshop, otherwise English. */
    public static String orEnglish(String iso1, List<String> enabled) {
        return supported(iso1) && enabled != null && enabled.contains(iso1) ? iso1 : FALLBACK;
    }

    public static Locale locale(String iso1) {
        return Locale.forLanguageTag(supported(iso1) ? iso1 : FALLBACK);
    }

    public static EmbedMessages messages(String iso1) {
        return !supported(iso1) || FALLBACK.equals(iso1)
                ? MessageBundles.get(EmbedMessages.class)
                : MessageBundles.get(EmbedMessages.class, Localized.Literal.of(iso1));
    }
}
