package dev.shopreviews.invitations.erasure.repository;

import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.invitations.consent.repository.OrderConsentRow;
import dev.shopreviews.invitations.invitation.repository.Invitation;
import dev.shopreviews.invitations.links.repository.IssuedLink;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * What this service stores about one address, for the person's export (docs/privacy.md, Export): matched by
 * {@link EmailHash#SQL} on the stored column, as an erasure matches. Read-only; call inside a session.
 */
@ApplicationScoped
public class ExportQueries {

    public Uni<List<Invitation>> invitations(String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select * from invitation where " + matches("email") + " order by created_at, id", Invitation.class)
                .setParameter(1, emailHash)
                .getResultList());
    }

    public Uni<List<OrderConsentRow>> consents(String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select * from order_consent where email is not null and " + matches("email")
                                + " order by recorded_at", OrderConsentRow.class)
                .setParameter(1, emailHash)
                .getResultList());
    }

    /** The webshops whose e-mails the address opted out of (0: every webshop). */
    public Uni<List<Long>> optOutWebshops(String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select webshop_id from opt_out where email_hash = ?1 order by webshop_id", Long.class)
                .setParameter(1, emailHash)
                .getResultList());
    }

    public Uni<List<IssuedLink>> reviewLinks(String emailHash) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select * from review_link where " + matches("email") + " order by created_at", IssuedLink.class)
                .setParameter(1, emailHash)
                .getResultList());
    }

    private static String matches(String column) {
        return String.format(EmailHash.SQL, column) + " = ?1";
    }
}
