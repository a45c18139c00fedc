package dev.shopreviews.common.web;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Headers on every answer of every service: {@code X-Content-Type-Options: nosniff}; on an HTML page rendered as
 * text, a {@link ContentSecurityPolicy} that nobody may frame it and {@code Referrer-Policy: same-origin} (the page's
 * address, which may carry a link reference, never leaves the suite; not {@code no-referrer}: browsers then send
 * {@code Origin: null} with the page's own form POST, which the Origin rule refuses), unless the endpoint set its own
 * (the widget, which any shop may frame).
 */
public class PageSecurityHeaders {

    @ServerResponseFilter
    public void secure(ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Content-Type-Options", "nosniff");
        MediaType type = response.getMediaType();
        if (type == null || !type.isCompatible(MediaType.TEXT_HTML_TYPE)) {
            return;
        }
        if (!response.getHeaders().containsKey("Referrer-Policy")) {
            response.getHeaders().putSingle("Referrer-Policy", "same-origin");
        }
        if (!response.getHeaders().containsKey("Content-Security-Policy") && response.getEntity() instanceof String html) {
            response.getHeaders().putSingle("Content-Security-Policy",
                    ContentSecurityPolicy.of(html, ContentSecurityPolicy.Framing.NOBODY, null));
        }
    }
}
