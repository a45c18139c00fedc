package dev.shopreviews.ratings.review.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * Dead-lettered reviews of a webshop that was unknown then and is replicated now (common's {@code dead_letter} and
 * {@code webshop_replica}, which have no repository of this service): native SQL in the session Panache uses, read
 * once per poll.
 */
@ApplicationScoped
public class LateWebshopLetters {
    private static final String DUE = """
            select d.id from dead_letter d join webshop_replica w on cast(w.id as text) = d.record_key
            where d.channel = 'reviews-submitted' and d.state = 'pending' and d.reason like 'unknown webshop %'
              and d.created_at > ?1
            order by d.id limit 100""";

    /** The ids of up to 100 such dead letters recorded after {@code since}, oldest first. */
    public Uni<List<Long>> due(Instant since) {
        return Panache.getSession().chain(session -> session.createNativeQuery(DUE, Long.class)
                .setParameter(1, since)
                .getResultList());
    }
}
