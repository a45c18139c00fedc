package dev.shopreviews.webhooks.destination;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Resolves a host name to all its addresses (pluggable so tests can play DNS rebinding). */
@FunctionalInterface
public interface HostResolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
}
