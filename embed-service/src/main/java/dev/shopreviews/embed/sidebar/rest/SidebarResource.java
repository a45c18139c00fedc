package dev.shopreviews.embed.sidebar.rest;

import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.sidebar.service.SidebarCache;
import dev.shopreviews.embed.web.Caching;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.12: {@code GET /sidebar.js?id=&c=}. The script of one webshop, from the read model; cacheable for the
 * 10-minute window ({@code c} only makes the URL change per window). An unknown id gets a no-op script.
 * Served from {@link SidebarCache} (precompressed for clients that accept gzip); only a miss reads the database.
 */
// Public: sidebar.js for every page view of every shop.
@PermitAll
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/sidebar.js")
public class SidebarResource {
    private final SidebarCache cache;

    public SidebarResource(SidebarCache cache) {
        this.cache = cache;
    }

    @GET
    @Operation(summary = "sidebar.js: the webshop's sidebar, tooltips and pop-ups (JavaScript; a no-op script for unknown ids)")
    public Uni<Response> sidebar(@QueryParam("id") String id, @QueryParam("c") String bucket,
                                 @HeaderParam("If-None-Match") String ifNoneMatch, @Context HttpServerRequest request) {
        boolean gzip = Caching.precompressed(request);
        return cache.script(ShopViews.id(id)).map(script -> Caching.serve(script, gzip, ifNoneMatch));
    }
}
