package dev.shopreviews.webhooks.destination;

import java.net.IDN;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The SSRF rules of webhook targets. {@link #parse} vets the URL text without any DNS lookup (scheme, user
 * information, a strictly parsed host); {@link #vet} resolves the host and checks every address, answering the one
 * address to connect to. Both the subscribe endpoint and every delivery attempt go through {@link #vet}.
 */
public final class TargetPolicy {
    public static final String NOT_HTTP = "url must be an absolute http or https URL.";
    public static final String USERINFO = "url must not contain user information.";
    public static final String BAD_HOST = "url host is not valid.";
    public static final String ODD_IPV4 = "url host must be a host name or an IPv4 address in dotted decimal form.";
    public static final String HTTPS_ONLY = "url must use https.";
    public static final String UNRESOLVED = "url host could not be resolved.";
    public static final String FORBIDDEN = "url host resolves to a forbidden address (%s).";

    private static final int MAX_URL = 2048;
    private static final Pattern HOST_NAME = Pattern.compile(
            "(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-fA-F:.]{2,45}");

    private final boolean requireHttps;
    private final boolean allowLoopback;
    private final HostResolver resolver;

    public TargetPolicy(boolean requireHttps, boolean allowLoopback, HostResolver resolver) {
        this.requireHttps = requireHttps;
        this.allowLoopback = allowLoopback;
        this.resolver = resolver;
    }

    /** Vets the URL text; never looks anything up. */
    public WebhookTarget parse(String url) throws TargetRefused {
        if (url == null || url.isEmpty() || url.length() > MAX_URL || url.chars().anyMatch(c -> c <= 0x20 || c == 0x7f || c == '\\')) {
            throw new TargetRefused(NOT_HTTP);
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new TargetRefused(NOT_HTTP);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.isOpaque() || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new TargetRefused(NOT_HTTP);
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            throw new TargetRefused(NOT_HTTP);
        }
        if (authority.contains("@")) {
            throw new TargetRefused(USERINFO);
        }
        boolean https = scheme.equals("https");
        String hostText;
        String portText;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw new TargetRefused(BAD_HOST);
            }
            hostText = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                throw new TargetRefused(BAD_HOST);
            }
            portText = rest.isEmpty() ? "" : rest.substring(1);
        } else {
            int colon = authority.lastIndexOf(':');
            hostText = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? "" : authority.substring(colon + 1);
        }
        int port = port(portText, https);
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        if (hostText.startsWith("[")) {
            InetAddress literal = ipv6Literal(hostText.substring(1, hostText.length() - 1));
            return new WebhookTarget(url, https, literal.getHostAddress(), literal, port, path);
        }
        String host = hostName(hostText);
        if (Ipv4Literals.looksNumeric(host)) {
            byte[] bytes = Ipv4Literals.parse(host).orElseThrow(() -> new TargetRefused(BAD_HOST));
            InetAddress literal = byAddress(bytes);
            if (!Ipv4Literals.isCanonical(host)) {
                String kind = AddressRules.refusal(literal, false).orElse(null);
                throw new TargetRefused(kind == null ? ODD_IPV4 : FORBIDDEN.formatted(kind));
            }
            return new WebhookTarget(url, https, host, literal, port, path);
        }
        return new WebhookTarget(url, https, host, null, port, path);
    }

    /**
     * Resolves the target (IP literals are not looked up) and checks every address it resolves to; answers the
     * checked address to connect to. Blocking for host names: call it off the event loop.
     */
    public InetAddress vet(WebhookTarget target) throws TargetRefused {
        InetAddress[] addresses;
        if (target.literal() != null) {
            addresses = new InetAddress[]{target.literal()};
        } else if (!allowLoopback && (target.host().equals("localhost") || target.host().endsWith(".localhost"))) {
            throw new TargetRefused(FORBIDDEN.formatted("loopback"));
        } else {
            addresses = resolve(target.host());
        }
        boolean allLoopback = true;
        for (InetAddress address : addresses) {
            Optional<String> kind = AddressRules.refusal(address, allowLoopback);
            if (kind.isPresent()) {
                throw new TargetRefused(FORBIDDEN.formatted(kind.get()));
            }
            allLoopback &= address.isLoopbackAddress();
        }
        // Loopback targets (operator allowlist) never leave the machine, so they may use http.
        if (requireHttps && !target.https() && !(allowLoopback && allLoopback)) {
            throw new TargetRefused(HTTPS_ONLY);
        }
        return addresses[0];
    }

    private InetAddress[] resolve(String host) throws TargetRefused {
        try {
            InetAddress[] addresses = resolver.resolve(host);
            if (addresses == null || addresses.length == 0) {
                throw new TargetRefused(UNRESOLVED);
            }
            return addresses;
        } catch (UnknownHostException | SecurityException e) {
            throw new TargetRefused(UNRESOLVED);
        }
    }

    private static String hostName(String raw) throws TargetRefused {
        if (raw.isEmpty() || raw.contains("%")) {
            throw new TargetRefused(BAD_HOST);
        }
        String ascii;
        try {
            ascii = IDN.toASCII(raw, 0).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw new TargetRefused(BAD_HOST);
        }
        String host = ascii.endsWith(".") ? ascii.substring(0, ascii.length() - 1) : ascii;
        if (Ipv4Literals.looksNumeric(host) ? !host.matches("[0-9a-fx.]+") : !HOST_NAME.matcher(host).matches()) {
            throw new TargetRefused(BAD_HOST);
        }
        return host;
    }

    private static InetAddress ipv6Literal(String text) throws TargetRefused {
        if (!IPV6_TEXT.matcher(text).matches() || !text.contains(":")) {
            throw new TargetRefused(BAD_HOST);
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new TargetRefused(BAD_HOST);
        }
        if (address instanceof Inet4Address) {
            // The JDK turns ::ffff:a.b.c.d into a.b.c.d; an IPv4-mapped literal is refused as such.
            throw new TargetRefused(FORBIDDEN.formatted("IPv4-mapped"));
        }
        Optional<String> kind = AddressRules.refusal(address, false);
        if (kind.isPresent() && !kind.get().equals("loopback")) {
            throw new TargetRefused(FORBIDDEN.formatted(kind.get()));
        }
        return address;
    }

    private static int port(String text, boolean https) throws TargetRefused {
        if (text.isEmpty()) {
            return https ? 443 : 80;
        }
        if (text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new TargetRefused(BAD_HOST);
        }
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw new TargetRefused(BAD_HOST);
        }
        return port;
    }

    private static InetAddress byAddress(byte[] bytes) throws TargetRefused {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new TargetRefused(BAD_HOST);
        }
    }
}
