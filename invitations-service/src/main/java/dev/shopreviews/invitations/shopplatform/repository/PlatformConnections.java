package dev.shopreviews.invitations.shopplatform.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * The statements of the shop-platform tables (migration V14), in the session Panache uses: connections (read in a
 * session, changed in a transaction) and the claims that make each delivery and each order count once.
 */
@ApplicationScoped
public class PlatformConnections implements PanacheRepository<PlatformConnection> {

    public Uni<PlatformConnection> find(long webshopId, String platform) {
        return find("webshopId = ?1 and platform = ?2", webshopId, platform).firstResult();
    }

    /** As {@link #find}, locked until the end of the caller's transaction. */
    public Uni<PlatformConnection> findForChange(long webshopId, String platform) {
        return find("webshopId = ?1 and platform = ?2", webshopId, platform)
                .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).firstResult();
    }

    public Uni<List<PlatformConnection>> ofWebshop(long webshopId) {
        return list("webshopId = ?1 order by platform", webshopId);
    }

    /** Records a correctly signed delivery's time. Call inside a transaction. */
    public Uni<Void> touch(long webshopId, String platform, Instant at) {
        return update("lastDeliveryAt = ?1 where webshopId = ?2 and platform = ?3", at, webshopId, platform).replaceWithVoid();
    }

    /** True when this delivery id is new (now claimed); false when it was received before. Call inside a transaction. */
    public Uni<Boolean> claimDelivery(long webshopId, String platform, String deliveryId, Instant at) {
        return getSession().chain(session -> session.createNativeQuery("""
                        insert into shop_platform_delivery (webshop_id, platform, delivery_id, received_at)
                        values (?1, ?2, ?3, ?4) on conflict do nothing""")
                .setParameter(1, webshopId).setParameter(2, platform).setParameter(3, deliveryId).setParameter(4, at)
                .executeUpdate()
                .map(rows -> rows == 1));
    }

    /** True when the order is new (now claimed, outcome {@code pending}); false when it came before. In a transaction. */
    public Uni<Boolean> claimOrder(long webshopId, String platform, String platformOrderId, String orderNumber, Instant at) {
        return getSession().chain(session -> session.createNativeQuery("""
                        insert into shop_platform_order (webshop_id, platform, platform_order_id, order_number, received_at, outcome)
                        values (?1, ?2, ?3, ?4, ?5, 'pending') on conflict do nothing""")
                .setParameter(1, webshopId).setParameter(2, platform).setParameter(3, platformOrderId)
                .setParameter(4, orderNumber).setParameter(5, at)
                .executeUpdate()
                .map(rows -> rows == 1));
    }

    /** What the add made of a claimed order. Call inside a transaction. */
    public Uni<Void> settleOrder(long webshopId, String platform, String platformOrderId, String outcome) {
        return getSession().chain(session -> session.createNativeQuery("""
                        update shop_platform_order set outcome = ?4
                        where webshop_id = ?1 and platform = ?2 and platform_order_id = ?3""")
                .setParameter(1, webshopId).setParameter(2, platform).setParameter(3, platformOrderId)
                .setParameter(4, outcome.length() > 300 ? outcome.substring(0, 300) : outcome)
                .executeUpdate()
                .replaceWithVoid());
    }

    /**
     * Releases the claims of a delivery whose add failed for a passing reason (quota, database), so that the
     * platform's retry of the same delivery is processed. Call inside a transaction.
     */
    public Uni<Void> release(long webshopId, String platform, String deliveryId, String platformOrderId) {
        return getSession().chain(session -> session.createNativeQuery("""
                        delete from shop_platform_order
                        where webshop_id = ?1 and platform = ?2 and platform_order_id = ?3 and outcome = 'pending'""")
                .setParameter(1, webshopId).setParameter(2, platform).setParameter(3, platformOrderId)
                .executeUpdate())
                .chain(() -> deliveryId == null ? Uni.createFrom().voidItem() : getSession().chain(session -> session
                        .createNativeQuery("delete from shop_platform_delivery where webshop_id = ?1 and platform = ?2 and delivery_id = ?3")
                        .setParameter(1, webshopId).setParameter(2, platform).setParameter(3, deliveryId)
                        .executeUpdate()).replaceWithVoid());
    }
}
