package dev.shopreviews.common.web;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * {@code Cache-Control: no-store} on every answer of the shop dashboard's, the operator console's, the privacy
 * page's and the machine token's APIs in every service, errors and unknown paths included: they carry a signed-in
 * person's data, API codes and TOTP secrets, which no browser or proxy cache may keep. Set on the router, before any
 * resource, so no answer under these paths goes without it; the pages' own scripts (outside {@code /api/}) keep
 * their revalidated caching.
 */
@ApplicationScoped
public class NoStoreAnswers {
    static final List<String> PRIVATE = List.of("/dashboard/api/", "/operator/api/", "/privacy/", "/admin/");

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            String path = context.normalizedPath();
            if (PRIVATE.stream().anyMatch(path::startsWith)) {
                context.addHeadersEndHandler(ignored -> context.response().headers().set("Cache-Control", "no-store"));
            }
            context.next();
        });
    }
}
