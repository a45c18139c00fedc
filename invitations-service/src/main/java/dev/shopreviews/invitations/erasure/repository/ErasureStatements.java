package dev.shopreviews.invitations.erasure.repository;

import dev.shopreviews.common.privacy.EmailHash;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * The set-based statements of an erasure (docs/privacy.md): rows of one address, named by its {@link EmailHash},
 * at one webshop or at every webshop ({@code webshopId} 0). Addresses are matched with {@link EmailHash#SQL} on the
 * stored column, so the hash is all the event carries. Native SQL in the session Panache uses (the erasure commits
 * with the outbox and the processed-event log); call inside a transaction.
 */
@ApplicationScoped
public class ErasureStatements {
    private static final String SCOPE = "(?1 = 0 or %s = ?1)";

    /** The invitations that still have an unrevoked review link of the address, as "invitationId:webshopId". */
    public Uni<List<String>> linkedInvitations(long webshopId, String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select distinct invitation_id || ':' || webshop_id from review_link where "
                                + SCOPE.formatted("webshop_id") + " and " + matches("email")
                                + " and revoked_at is null", String.class)
                .setParameter(1, webshopId)
                .setParameter(2, emailHash)
                .getResultList());
    }

    /** Deletes the review links of the address; answers how many. */
    public Uni<Integer> deleteReviewLinks(long webshopId, String emailHash) {
        return update("delete from review_link where " + SCOPE.formatted("webshop_id") + " and " + matches("email"),
                webshopId, emailHash);
    }

    /**
     * Deletes the invitations of the address, the order consents given for it or for the orders of those invitations
     * (whoever gave them), and the shop platforms' claims on those orders (their order numbers), in one statement;
     * answers how many consents went.
     */
    public Uni<Integer> deleteInvitationsAndConsents(long webshopId, String emailHash) {
        return update("""
                with erased as (
                    delete from invitation where %s and %s returning webshop_id, order_number
                ), platform_orders as (
                    delete from shop_platform_order p using erased e
                    where p.webshop_id = e.webshop_id and p.order_number = e.order_number and e.order_number <> ''
                )
                delete from order_consent c
                where %s and (%s or exists (select 1 from erased e where e.webshop_id = c.webshop_id
                                                and e.order_number = c.order_number and e.order_number <> ''))"""
                        .formatted(SCOPE.formatted("webshop_id"), matches("email"), SCOPE.formatted("c.webshop_id"),
                                "c.email is not null and " + matches("c.email")),
                webshopId, emailHash);
    }

    private static String matches(String column) {
        return String.format(EmailHash.SQL, column) + " = ?2";
    }

    private static Uni<Integer> update(String sql, long webshopId, String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(sql)
                .setParameter(1, webshopId)
                .setParameter(2, emailHash)
                .executeUpdate());
    }
}
