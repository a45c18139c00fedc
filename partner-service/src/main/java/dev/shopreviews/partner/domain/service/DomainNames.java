package dev.shopreviews.partner.domain.service;

import java.net.IDN;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Normalises what people type as a shop address to the domain we match on: no scheme, user info, port, path,
 * query or fragment; lower case; no trailing dot; no leading "www."; internationalised names as punycode.
 */
public final class DomainNames {
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://");
    private static final Pattern LABELS = Pattern.compile("^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$");

    private DomainNames() {
    }

    public static Optional<String> normalise(String input) {
        if (input == null) {
            return Optional.empty();
        }
        String host = SCHEME.matcher(input.trim()).replaceFirst("");
        host = cutAt(host, '/', '?', '#', '\\');
        int at = host.lastIndexOf('@');
        if (at >= 0) {
            host = host.substring(at + 1);
        }
        int colon = host.indexOf(':');
        if (colon >= 0) {
            host = host.substring(0, colon);
        }
        while (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.startsWith("www.")) {
            host = host.substring(4);
        }
        return toAscii(host).filter(name -> name.length() <= 253 && LABELS.matcher(name).matches() && name.contains("."));
    }

    private static Optional<String> toAscii(String host) {
        try {
            return Optional.of(IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String cutAt(String text, char... stops) {
        int end = text.length();
        for (char stop : stops) {
            int index = text.indexOf(stop);
            if (index >= 0 && index < end) {
                end = index;
            }
        }
        return text.substring(0, end);
    }
}
