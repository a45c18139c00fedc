package dev.shopreviews.embed.sidebar.rest;

import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.sidebar.service.SidebarScript;
import dev.shopreviews.embed.web.Caching;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

import java.time.Duration;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * Spec 4.12: {@code GET /sidebar.js?id=&c=}. The script of one webshop, from the read model; cacheable for the
 * 10-minute window ({@code c} only makes the URL change per window). An unknown id gets a no-op script.
 */
// Not cancelled when the client hangs up: see README, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/sidebar.js")
public class SidebarResource {
    static final String JAVASCRIPT = "application/javascript; charset=UTF-8";

    private final ShopViews views;
    private final SidebarScript script;
    private final EmbedConfig config;

    public SidebarResource(ShopViews views, SidebarScript script, EmbedConfig config) {
        this.views = views;
        this.script = script;
        this.config = config;
    }

    @GET
    @WithSession
    public Uni<Response> sidebar(@QueryParam("id") String id, @QueryParam("c") String bucket,
                                 @HeaderParam("If-None-Match") String ifNoneMatch) {
        Optional<Long> webshopId = ShopViews.id(id);
        if (webshopId.isEmpty()) {
            return Uni.createFrom().item(Caching.cached(SidebarScript.NO_OP, JAVASCRIPT, Duration.ofMinutes(1), ifNoneMatch));
        }
        return views.find(webshopId.get(), config.sidebarReviews()).map(shop -> shop
                .map(s -> Caching.cached(script.render(s), JAVASCRIPT, config.cacheWindow(), ifNoneMatch))
                .orElseGet(() -> Caching.cached(SidebarScript.NO_OP, JAVASCRIPT, Duration.ofMinutes(1), ifNoneMatch)));
    }
}
