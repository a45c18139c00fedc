package dev.shopreviews.invitations.erasure.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** This service's dead letters (common's table dead_letter) as an erasure reads them. Call inside a transaction. */
@ApplicationScoped
public class DeadLetterRows {

    /** Id and raw bytes of every dead letter that has any. */
    public Uni<List<Object[]>> payloads() {
        return Panache.getSession().chain(session -> session.createSelectionQuery(
                        "select d.id, d.payload from DeadLetter d where d.payload is not null", Object[].class)
                .getResultList());
    }

    public Uni<Integer> delete(List<Long> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Panache.getSession().chain(session -> session.createMutationQuery("delete from DeadLetter where id in (:ids)")
                .setParameter("ids", ids)
                .executeUpdate());
    }
}
