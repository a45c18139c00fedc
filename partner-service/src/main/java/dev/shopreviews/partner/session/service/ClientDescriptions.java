package dev.shopreviews.partner.session.service;

import java.util.List;
import java.util.Map;

/**
 * A short description of a browser from its User-Agent, for the owner's list of sessions: browser family and system
 * only ("Firefox on Windows"), from fixed lists, so nothing of the header itself (versions, devices) is stored.
 */
public final class ClientDescriptions {
    public static final String UNKNOWN = "Unknown browser";

    // Order matters: Edge and Opera also say Chrome and Safari, Chrome also says Safari.
    private static final List<Map.Entry<String, String>> BROWSERS = List.of(
            Map.entry("Edg", "Edge"), Map.entry("OPR/", "Opera"), Map.entry("SamsungBrowser/", "Samsung Internet"),
            Map.entry("Firefox/", "Firefox"), Map.entry("FxiOS/", "Firefox"), Map.entry("CriOS/", "Chrome"),
            Map.entry("Chrome/", "Chrome"), Map.entry("Safari/", "Safari"));
    private static final List<Map.Entry<String, String>> SYSTEMS = List.of(
            Map.entry("Android", "Android"), Map.entry("iPhone", "iOS"), Map.entry("iPad", "iPadOS"),
            Map.entry("CrOS", "ChromeOS"), Map.entry("Windows", "Windows"), Map.entry("Mac OS X", "macOS"),
            Map.entry("Macintosh", "macOS"), Map.entry("Linux", "Linux"));

    private ClientDescriptions() {
    }

    public static String describe(String userAgent) {
        if (userAgent == null || userAgent.isBlank()) {
            return UNKNOWN;
        }
        String browser = first(BROWSERS, userAgent);
        String system = first(SYSTEMS, userAgent);
        if (browser == null) {
            return system == null ? UNKNOWN : UNKNOWN + " on " + system;
        }
        return system == null ? browser : browser + " on " + system;
    }

    private static String first(List<Map.Entry<String, String>> known, String userAgent) {
        return known.stream().filter(entry -> userAgent.contains(entry.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }
}
