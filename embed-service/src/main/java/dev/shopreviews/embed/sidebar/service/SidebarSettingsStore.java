package dev.shopreviews.embed.sidebar.service;

import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.embed.readmodel.service.ReadModelChanged;
import dev.shopreviews.embed.sidebar.repository.StoredSidebarSettings;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;

import java.time.Instant;

/**
 * The owners' sidebar settings: read (the spec's defaults for a webshop without any) and saved with an audit entry
 * in one transaction. A save drops this process's rendered sidebar.js of the webshop ({@link ReadModelChanged});
 * other replicas and the gateway's cache follow within their cache times (docs/api-notes.md, sidebar settings).
 */
@ApplicationScoped
public class SidebarSettingsStore {
    private final AuditLog audit;
    private final Event<ReadModelChanged> changed;

    public SidebarSettingsStore(AuditLog audit, Event<ReadModelChanged> changed) {
        this.audit = audit;
        this.changed = changed;
    }

    /** The webshop's settings (on the caller's session). */
    public Uni<SidebarSettings> of(long webshopId) {
        return StoredSidebarSettings.<StoredSidebarSettings>findById(webshopId).map(SidebarSettings::of);
    }

    /** Stores the owner's settings, as read and checked by common RequestBodies (their rules: SidebarRule); answers them. */
    public Uni<SidebarSettings> save(Owner owner, long webshopId, SidebarSettings settings) {
        return Panache.withTransaction(() -> of(webshopId).flatMap(before -> upsert(webshopId, settings)
                        .flatMap(stored -> audit.record(owner, "sidebar.settings.change", "webshop:" + webshopId,
                                webshopId, before, settings))))
                .invoke(() -> changed.fire(new ReadModelChanged(webshopId)))
                .replaceWith(settings);
    }

    /** One statement, so two saves at once for a webshop without a row both succeed (the later one wins). */
    private static Uni<Integer> upsert(long webshopId, SidebarSettings s) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        insert into sidebar_settings (webshop_id, sidebar, position, top_offset, theme, mobile, mobile_tab,
                                                      tooltip, language, updated_at)
                        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                        on conflict (webshop_id) do update set sidebar = excluded.sidebar, position = excluded.position,
                            top_offset = excluded.top_offset, theme = excluded.theme, mobile = excluded.mobile,
                            mobile_tab = excluded.mobile_tab, tooltip = excluded.tooltip, language = excluded.language,
                            updated_at = excluded.updated_at""")
                .setParameter(1, webshopId).setParameter(2, s.sidebar()).setParameter(3, s.position())
                .setParameter(4, s.top()).setParameter(5, s.theme()).setParameter(6, s.mobile())
                .setParameter(7, s.mobileTab()).setParameter(8, s.tooltip()).setParameter(9, s.language())
                .setParameter(10, Instant.now())
                .executeUpdate());
    }
}
