package dev.shopreviews.invitations;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A form body byte for byte as PHP's {@code http_build_query($data)} writes it (what the WordPress plugin's
 * Requests::post sends): keys and values through {@code urlencode} (RFC 1738: space as {@code +}, every byte but
 * {@code A-Z a-z 0-9 - _ .} as {@code %XX} in upper case), a list as {@code key%5B0%5D=…&key%5B1%5D=…}, null values
 * and empty lists left out, true as 1 and false as 0, numbers as PHP prints them.
 */
public final class PhpForm {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    public PhpForm put(String key, Object value) {
        fields.put(key, value);
        return this;
    }

    public String build() {
        StringBuilder out = new StringBuilder();
        fields.forEach((key, value) -> append(out, urlencode(key), value));
        return out.toString();
    }

    private static void append(StringBuilder out, String encodedKey, Object value) {
        if (value == null) {
            return;
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> append(out, encodedKey + "%5B" + urlencode(String.valueOf(k)) + "%5D", v));
            return;
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                append(out, encodedKey + "%5B" + i + "%5D", list.get(i));
            }
            return;
        }
        String text = value instanceof Boolean b ? (b ? "1" : "0") : String.valueOf(value);
        if (!out.isEmpty()) {
            out.append('&');
        }
        out.append(encodedKey).append('=').append(urlencode(text));
    }

    /** PHP's urlencode. */
    public static String urlencode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.') {
                out.append((char) c);
            } else if (c == ' ') {
                out.append('+');
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
