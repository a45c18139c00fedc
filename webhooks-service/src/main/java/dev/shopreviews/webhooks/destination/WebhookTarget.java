package dev.shopreviews.webhooks.destination;

import java.net.InetAddress;

/**
 * A parsed, syntactically vetted webhook URL. {@code host} is the lower-case ASCII host name, or the IP literal
 * (IPv6 without brackets); {@code literal} is set when the host is an IP address. {@code endpoint} ("host:port")
 * is the key of the per-endpoint concurrency cap.
 */
public record WebhookTarget(String url, boolean https, String host, InetAddress literal, int port, String pathAndQuery) {

    public String endpoint() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
