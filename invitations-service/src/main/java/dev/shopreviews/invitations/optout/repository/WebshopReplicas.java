package dev.shopreviews.invitations.optout.repository;

import dev.shopreviews.common.auth.WebshopReplica;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

/** The opt-out pages' reads of common's webshop replicas (the shop's name). Call inside a session. */
@ApplicationScoped
public class WebshopReplicas implements PanacheRepositoryBase<WebshopReplica, Long> {
}
