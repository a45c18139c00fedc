package dev.shopreviews.common.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.util.List;

/**
 * Generated values an attacker or a clumsy client sends to an endpoint (jqwik generators): text with NUL, C0/C1
 * controls, lone surrogates, noncharacters or bidi overrides spliced in; numbers beyond int and long, in other
 * scripts' digits or in odd notations; injections; text far longer than any field allows. The property tests of
 * the services throw a sample of them at every public endpoint.
 */
public final class HostileValues {
    private static final List<String> POISON = List.of("\u0000", "\u0001", "\u0008", "\u001b", "\u007f", "\u0085",
            "\u009b", "\ud800", "\udfff", "\ufffe", "\uffff", "\ufdd0", "\r\nBcc: victim@example.com", "\u202e");
    private static final List<String> NUMBERS = List.of("4294967301", "4294967296", "-2147483649", "9223372036854775808",
            "99999999999999999999999999", "-1", "0", "1e309", "NaN", "0x10", "1.5", "+5", " 5", "\u0665", "\u0661\u0660\u0660\u0661",
            "\uff15", "\u096b");
    private static final List<String> INJECTIONS = List.of("' OR '1'='1", "\"; DROP TABLE review; --",
            "<script>alert(1)</script>", "javascript:alert(1)", "${jndi:ldap://127.0.0.1/x}", "{{7*7}}", "%00", "%zz",
            "../../etc/passwd", "data:text/html,<b>x</b>");

    private HostileValues() {
    }

    /** Any hostile value. */
    public static Arbitrary<String> any() {
        return Arbitraries.oneOf(inQuery(), longText());
    }

    /**
     * Hostile values that fit a request line: a longer one never reaches an endpoint (the HTTP server answers 414
     * before routing; the gateway too).
     */
    public static Arbitrary<String> inQuery() {
        return Arbitraries.oneOf(poisonedText(), Arbitraries.of(NUMBERS), Arbitraries.of(INJECTIONS),
                Arbitraries.integers().between(256, 1_000).map("y"::repeat));
    }

    /** Ordinary words with one poison character or sequence spliced in somewhere. */
    public static Arbitrary<String> poisonedText() {
        Arbitrary<String> words = Arbitraries.strings().alpha().numeric().withChars(' ', '-', '.').ofMinLength(0).ofMaxLength(40);
        return Combinators.combine(words, Arbitraries.of(POISON), words).as((before, poison, after) -> before + poison + after);
    }

    /** Text of 5,001 to 70,000 characters. */
    public static Arbitrary<String> longText() {
        return Arbitraries.integers().between(5_001, 70_000).map("x"::repeat);
    }

    /** A sample of {@code arbitrary} (each call a new one: it differs from run to run, as a property test's does). */
    public static List<String> sample(Arbitrary<String> arbitrary, int size) {
        return arbitrary.sampleStream().limit(size).toList();
    }

    /** The value as a readable message: control characters and lone surrogates as \\uXXXX, at most 80 code points. */
    public static String printable(String value) {
        StringBuilder out = new StringBuilder();
        value.codePoints().limit(80).forEach(cp -> out.append(cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff)
                ? String.format("\\u%04x", cp) : new String(Character.toChars(cp))));
        return out.toString();
    }
}
