package dev.shopreviews.webhooks.destination;

import java.math.BigInteger;
import java.util.Optional;

/**
 * Strict IPv4 host parsing as browsers and curl do it (WHATWG URL "IPv4 parser"): one to four parts, each
 * decimal, octal (leading 0) or hexadecimal (0x), the last part filling the remaining bytes. So
 * {@code 2130706433}, {@code 0177.0.0.1}, {@code 0x7f.0.0.1} and {@code 127.1} all mean 127.0.0.1. A host whose
 * last label is a number must parse as IPv4 or is invalid; it is never handed to DNS.
 */
public final class Ipv4Literals {
    private Ipv4Literals() {
    }

    /** True when the host's last label is numeric (decimal, or 0x-hex), which makes it an IPv4 host. */
    public static boolean looksNumeric(String host) {
        String trimmed = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String last = trimmed.substring(trimmed.lastIndexOf('.') + 1);
        if (last.isEmpty()) {
            return false;
        }
        if (last.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return true;
        }
        return (last.startsWith("0x") || last.startsWith("0X"))
                && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    /** The four bytes, or empty when the text is not a valid IPv4 host in any notation. */
    public static Optional<byte[]> parse(String host) {
        String text = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String[] parts = text.split("\\.", -1);
        if (parts.length == 0 || parts.length > 4) {
            return Optional.empty();
        }
        long[] numbers = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            BigInteger value = number(parts[i]);
            if (value == null || value.bitLength() > 32) {
                return Optional.empty();
            }
            numbers[i] = value.longValue();
        }
        for (int i = 0; i < numbers.length - 1; i++) {
            if (numbers[i] > 255) {
                return Optional.empty();
            }
        }
        long last = numbers[numbers.length - 1];
        if (last >= 1L << (8 * (5 - numbers.length))) {
            return Optional.empty();
        }
        long address = last;
        for (int i = 0; i < numbers.length - 1; i++) {
            address += numbers[i] << (8 * (3 - i));
        }
        return Optional.of(new byte[]{(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address});
    }

    /** True only for the plain dotted-decimal form a.b.c.d without leading zeros. */
    public static boolean isCanonical(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || (part.length() > 1 && part.charAt(0) == '0') || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    private static BigInteger number(String part) {
        if (part.isEmpty()) {
            return null;
        }
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x") || part.startsWith("0X")) {
            radix = 16;
            digits = part.substring(2);
            if (digits.isEmpty()) {
                return BigInteger.ZERO;
            }
        } else if (part.length() > 1 && part.charAt(0) == '0') {
            radix = 8;
            digits = part.substring(1);
        }
        if (digits.length() > 40) {
            return null;
        }
        for (char c : digits.toCharArray()) {
            if (Character.digit(c, radix) < 0) {
                return null;
            }
        }
        return new BigInteger(digits, radix);
    }
}
