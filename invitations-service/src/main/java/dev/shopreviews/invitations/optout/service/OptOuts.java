package dev.shopreviews.invitations.optout.service;

import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.invitations.optout.repository.OptOutRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Optional;

/**
 * Opt-outs from the link in every invitation e-mail. An opted-out address is never e-mailed by that webshop again:
 * the sender skips it (state opted_out), also for invitations added later (the add still answers success).
 */
@ApplicationScoped
public class OptOuts {
    private final SignedTokens tokens;
    private final OptOutRepository repository;

    public OptOuts(SignedTokens tokens, OptOutRepository repository) {
        this.tokens = tokens;
        this.repository = repository;
    }

    public record Done(OptOutLink link, String shopName) {
    }

    /** Records the opt-out of a genuine link; empty for a forged or damaged one. Call inside a transaction. */
    public Uni<Optional<Done>> optOut(String token) {
        Optional<OptOutLink> link = tokens.verify(token, OptOutLink.class).filter(OptOutLink::genuine);
        if (link.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        OptOutLink valid = link.get();
        return repository.add(valid.webshopId(), valid.email(), Instant.now())
                .chain(() -> WebshopReplica.<WebshopReplica>findById(valid.webshopId()))
                .map(shop -> Optional.of(new Done(valid, shop == null ? "" : shop.name)));
    }
}
