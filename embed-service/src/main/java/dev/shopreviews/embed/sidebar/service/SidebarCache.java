package dev.shopreviews.embed.sidebar.service;

import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.readmodel.service.ReadModelChanged;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import dev.shopreviews.embed.web.Rendered;
import dev.shopreviews.embed.web.RenderedCache;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;
import java.util.Optional;

/**
 * Every webshop's sidebar.js, rendered once and kept in memory (gzipped, with its ETag): the most requested
 * URL of the product costs a map lookup. A miss opens a reactive session, reads the read model and renders; the entry
 * is dropped when this process's read-model consumer changes the webshop ({@link ReadModelChanged}) and expires after
 * {@code shopreviews.sidebar.cache-ttl} (other replicas' changes, webshop snapshots: a deactivation shows within that
 * time). Unknown ids get the no-op script, deactivated webshops the script that only says so on the console; both are
 * stand-ins, kept for {@code shopreviews.sidebar.unknown-ttl} (so a reactivation shows within that time).
 */
@ApplicationScoped
public class SidebarCache {
    public static final String JAVASCRIPT = "application/javascript; charset=UTF-8";
    /** The no-op script of an unknown or malformed id (cacheable for a minute). */
    static final Rendered NO_OP = Rendered.of(SidebarScript.NO_OP, JAVASCRIPT, Duration.ofMinutes(1), false);
    /** The script of a deactivated webshop: renders nothing, one console.info (cacheable for a minute). */
    static final Rendered DEACTIVATED = Rendered.of(SidebarScript.DEACTIVATED, JAVASCRIPT, Duration.ofMinutes(1), false);

    private final RenderedCache<Long> scripts;

    public SidebarCache(ShopViews views, SidebarSettingsStore stored, SidebarScript script, EmbedConfig config,
                        MeterRegistry registry) {
        EmbedConfig.Sidebar settings = config.sidebar();
        this.scripts = new RenderedCache<>(webshopId -> Panache.withSession(() -> views.find(webshopId, config.sidebarReviews())
                        .flatMap(view -> stored.of(webshopId).map(owners -> rendered(view, owners, script, config)))),
                settings.cacheTtl(), settings.unknownTtl(), settings.cacheMaxEntries(), System::nanoTime);
        // The hit rate of the most requested URL (bench/run reports it for its mix of 1,000 webshops).
        FunctionCounter.builder("embed_sidebar_cache_requests", scripts, RenderedCache::hits).tag("result", "hit")
                .description("sidebar.js requests answered from memory").register(registry);
        FunctionCounter.builder("embed_sidebar_cache_requests", scripts, RenderedCache::misses).tag("result", "miss")
                .description("sidebar.js requests that loaded and rendered the script").register(registry);
    }

    private static Rendered rendered(ShopView view, SidebarSettings owners, SidebarScript script, EmbedConfig config) {
        if (view instanceof ShopView.Shown shown) {
            return Rendered.of(script.render(shown.display(), owners), JAVASCRIPT, config.cacheWindow(), true);
        }
        return view instanceof ShopView.Deactivated ? DEACTIVATED : NO_OP;
    }

    /** The script of a webshop id as {@link ShopViews#id} parsed it; the no-op script for an empty (malformed) id. */
    public Uni<Rendered> script(Optional<Long> webshopId) {
        return webshopId.isEmpty() ? Uni.createFrom().item(NO_OP) : scripts.get(webshopId.get());
    }

    void onReadModelChanged(@Observes ReadModelChanged change) {
        scripts.invalidate(change.webshopId());
    }
}
