package dev.shopreviews.common.web;

import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Headers of the HTML pages ({@link HtmlPage} resources; {@code X-Content-Type-Options: nosniff} is on every answer of
 * every service through configuration, common's shopreviews-common.properties): on a page rendered as text, a {@link ContentSecurityPolicy} that nobody may frame it and {@code Referrer-Policy: same-origin} (the page's
 * address, which may carry a link reference, never leaves the suite; not {@code no-referrer}: browsers then send
 * {@code Origin: null} with the page's own form POST, which the Origin rule refuses), unless the endpoint set its own
 * (the widget, which any shop may frame).
 */
public class PageSecurityHeaders {

    @HtmlPage
    @ServerResponseFilter
    public void secure(ContainerResponseContext response) {
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
