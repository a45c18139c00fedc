package dev.shopreviews.partner.web;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * {@code Cache-Control: no-store} on every answer of the dashboard's, the console's and the operator's APIs (errors
 * and unknown paths included): they carry sessions' data, API codes and TOTP secrets, which no browser or proxy may
 * keep. Set on the router, before any resource, so no answer under these paths goes without it.
 */
@ApplicationScoped
public class NoStoreApiAnswers {
    private static final List<String> PRIVATE = List.of("/dashboard/api/", "/operator/api/", "/admin/");

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
