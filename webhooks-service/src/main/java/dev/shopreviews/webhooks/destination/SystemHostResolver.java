package dev.shopreviews.webhooks.destination;

import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The JVM's resolver (blocking: call it off the event loop). */
@ApplicationScoped
public class SystemHostResolver implements HostResolver {
    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        return InetAddress.getAllByName(host);
    }
}
