package dev.shopreviews.ratings.review.repository;

import dev.shopreviews.common.auth.WebshopReplica;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

/** This service's reads of common's webshop replicas beyond authentication (which is common's WebshopAuthenticator). */
@ApplicationScoped
public class WebshopReplicas implements PanacheRepositoryBase<WebshopReplica, Long> {
}
