package dev.shopreviews.common.web;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The client address that rate limits and burst rules count by. X-Forwarded-For is read from the right: every entry
 * appended by a trusted proxy ({@code shopreviews.trusted-proxies}) is skipped and the first other one is the client,
 * so a value the client sends itself (the left of the list) never counts. Without a trusted peer the peer is the
 * client. Quarkus's own forwarding takes the left-most entry, so it is not used for this. A service that counts by
 * client produces one from its config (trusted proxies: the gateway; loopback locally).
 */
public class ClientAddresses {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final int MAX_LENGTH = 64;

    private final List<Network> trusted;

    public ClientAddresses(List<String> trustedProxies) {
        this.trusted = trustedProxies.stream().map(Network::parse).toList();
    }

    public String client(HttpServerRequest request) {
        SocketAddress peerAddress = request.connection() == null ? null : request.connection().remoteAddress();
        String peer = peerAddress == null ? null : peerAddress.host();
        if (peer == null) {
            return "unknown";
        }
        if (!trusted(peer)) {
            return cut(peer);
        }
        List<String> forwarded = request.headers().getAll("X-Forwarded-For").stream()
                .flatMap(header -> List.of(header.split(",")).stream()).map(String::trim).toList();
        for (int i = forwarded.size() - 1; i >= 0; i--) {
            if (!trusted(forwarded.get(i))) {
                return forwarded.get(i).isEmpty() ? "unknown" : cut(forwarded.get(i));
            }
        }
        return cut(peer);
    }

    private boolean trusted(String address) {
        Optional<byte[]> bytes = literal(address);
        return bytes.isPresent() && trusted.stream().anyMatch(network -> network.contains(bytes.get()));
    }

    /** The bytes of an IP literal; never a DNS lookup (anything else is empty). */
    static Optional<byte[]> literal(String address) {
        String bare = address.startsWith("[") && address.endsWith("]") ? address.substring(1, address.length() - 1) : address;
        if (!IPV4.matcher(bare).matches() && !IPV6.matcher(bare).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(bare).getAddress());
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static String cut(String value) {
        return value.length() > MAX_LENGTH ? value.substring(0, MAX_LENGTH) : value;
    }

    /** An address range in CIDR notation ({@code 10.0.0.0/8}, {@code ::1/128}); a bare address is one host. */
    record Network(byte[] base, int prefix) {
        static Network parse(String cidr) {
            String[] parts = cidr.trim().split("/", 2);
            byte[] base = literal(parts[0]).orElseThrow(
                    () -> new IllegalArgumentException("shopreviews.trusted-proxies: not an IP range: " + cidr));
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : base.length * 8;
            if (prefix < 0 || prefix > base.length * 8) {
                throw new IllegalArgumentException("shopreviews.trusted-proxies: bad prefix length: " + cidr);
            }
            return new Network(base, prefix);
        }

        boolean contains(byte[] address) {
            if (address.length != base.length) {
                return false;
            }
            int bits = base.length * 8;
            BigInteger mask = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                    .xor(BigInteger.ONE.shiftLeft(bits - prefix).subtract(BigInteger.ONE));
            return new BigInteger(1, address).and(mask).equals(new BigInteger(1, base).and(mask));
        }
    }
}
