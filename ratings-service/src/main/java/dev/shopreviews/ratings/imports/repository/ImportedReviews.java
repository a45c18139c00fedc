package dev.shopreviews.ratings.imports.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

/** Look-ups of imported reviews by the source's ids (the unique index {@code review_import_key}). */
@ApplicationScoped
public class ImportedReviews {

    /** Of these source ids, those the webshop already imported from this source (deleted reviews included). */
    public Uni<Set<String>> existing(long webshopId, String source, Collection<String> sourceIds) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select import_source_id from review where webshop_id = ?1 and import_source = ?2 "
                                + "and import_source_id = any(?3)", String.class)
                .setParameter(1, webshopId).setParameter(2, source).setParameter(3, sourceIds.toArray(String[]::new))
                .getResultList())
                .map(ids -> ids.stream().collect(Collectors.toSet()));
    }
}
