package dev.shopreviews.common.privacy;

import dev.shopreviews.common.auth.Codes;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How an e-mail address is named without being stored: hex SHA-256 of the trimmed, lower-cased address. Erasure
 * events carry it, and an opt-out outlives an erasure as it. {@link #SQL} computes the same in PostgreSQL for a
 * column (ASCII addresses give the same lower case in both; the only ones the suite accepts).
 */
public final class EmailHash {
    /** SQL of the hash of column {@code %s}, e.g. {@code String.format(EmailHash.SQL, "email")}. */
    public static final String SQL = "encode(sha256(convert_to(lower(trim(%s)), 'UTF8')), 'hex')";

    /**
     * An address in any text: RFC 5322's characters of a local part, then a host name. The same regular expression in
     * Java and in PostgreSQL (its ARE syntax), with bounded repeats so that no text makes it backtrack for long.
     */
    public static final String ADDRESS_REGEX = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
            + "[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?){1,8}";
    private static final Pattern ADDRESS = Pattern.compile(ADDRESS_REGEX);
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    private EmailHash() {
    }

    public static String of(String email) {
        return Codes.sha256Hex(email.trim().toLowerCase(Locale.ROOT));
    }

    public static boolean isHash(String value) {
        return value != null && HEX.matcher(value).matches();
    }

    /** The hashes of every address-like word in {@code text} (a stored payload, a dead letter's bytes). */
    public static Set<String> mentionedIn(String text) {
        Set<String> hashes = new LinkedHashSet<>();
        if (text == null) {
            return hashes;
        }
        Matcher matcher = ADDRESS.matcher(text);
        while (matcher.find()) {
            hashes.add(of(matcher.group()));
        }
        return hashes;
    }

    /** Whether {@code text} mentions the address whose hash is {@code emailHash}. */
    public static boolean mentions(String text, String emailHash) {
        return mentionedIn(text).contains(emailHash);
    }
}
