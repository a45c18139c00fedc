package dev.shopreviews.webhooks.destination;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Which addresses a webhook may never reach: everything that is not a public unicast address. Answers the kind of
 * a forbidden address (shown in messages and the delivery log), or empty when the address is public.
 * Loopback is let through only when the operator allowed it ({@code allowLoopback}).
 */
public final class AddressRules {
    private AddressRules() {
    }

    public static Optional<String> refusal(InetAddress address, boolean allowLoopback) {
        String kind = address instanceof Inet4Address v4 ? ipv4(v4.getAddress()) : ipv6((Inet6Address) address);
        if (kind == null || (allowLoopback && kind.equals("loopback"))) {
            return Optional.empty();
        }
        return Optional.of(kind);
    }

    static String ipv4(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        int a2 = b[2] & 0xff;
        if (a0 == 255 && a1 == 255 && a2 == 255 && (b[3] & 0xff) == 255) {
            return "broadcast";
        }
        if (a0 == 0) {
            return "unspecified";
        }
        if (a0 == 127) {
            return "loopback";
        }
        if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168)) {
            return "private";
        }
        if (a0 == 100 && (a1 & 0xc0) == 64) {
            return "shared CGNAT";
        }
        if (a0 == 169 && a1 == 254) {
            return "link-local";
        }
        if ((a0 & 0xf0) == 224) {
            return "multicast";
        }
        if ((a0 & 0xf0) == 240 || (a0 == 192 && a1 == 0 && a2 == 0) || (a0 == 198 && (a1 & 0xfe) == 18)) {
            return "reserved";
        }
        return null;
    }

    static String ipv6(Inet6Address address) {
        byte[] b = address.getAddress();
        if (address.isAnyLocalAddress()) {
            return "unspecified";
        }
        if (address.isLoopbackAddress()) {
            return "loopback";
        }
        if ((b[0] & 0xfe) == 0xfc) {
            return "unique local";
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80) {
            return "link-local";
        }
        if ((b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0xc0) {
            return "site-local";
        }
        if ((b[0] & 0xff) == 0xff) {
            return "multicast";
        }
        if (zeros(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return "IPv4-mapped";
        }
        if (zeros(b, 0, 12)) {
            return "IPv4-compatible";
        }
        if ((b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
            // NAT64 (64:ff9b::/96 and 64:ff9b:1::/48): the embedded IPv4 address decides.
            String embedded = ipv4(new byte[]{b[12], b[13], b[14], b[15]});
            return embedded == null ? null : embedded + " (NAT64)";
        }
        return null;
    }

    private static boolean zeros(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
