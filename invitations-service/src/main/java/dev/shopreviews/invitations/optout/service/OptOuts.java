package dev.shopreviews.invitations.optout.service;

import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.invitations.links.service.LinkIssuer;
import dev.shopreviews.invitations.optout.repository.OptOutRepository;
import dev.shopreviews.invitations.optout.repository.WebshopReplicas;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Optional;

/**
 * Opt-outs from the link in every invitation e-mail ({@code ?ref=}, or the signed {@code ?token=} of e-mails sent
 * before references existed). An opted-out address is never e-mailed by that webshop again: the sender skips it
 * (state opted_out), also for invitations added later (the add still answers success). The opt-out link keeps
 * working after the review link expired or was revoked: unsubscribing must always be possible.
 */
@ApplicationScoped
public class OptOuts {
    private final SignedTokens tokens;
    private final LinkIssuer links;
    private final OptOutRepository repository;
    private final WebshopReplicas webshops;

    public OptOuts(SignedTokens tokens, LinkIssuer links, OptOutRepository repository, WebshopReplicas webshops) {
        this.tokens = tokens;
        this.links = links;
        this.repository = repository;
        this.webshops = webshops;
    }

    /** Whom a link unsubscribes from which shop, in the e-mail's language. */
    public record Subscriber(long webshopId, String email, String language, String shopName) {
    }

    /** The subscriber of a genuine link, changing nothing; empty for an unknown or damaged one. Call inside a session. */
    public Uni<Optional<Subscriber>> find(String reference, String token) {
        Uni<Optional<Subscriber>> found = reference != null
                ? links.find(reference).map(link -> link.map(l -> new Subscriber(l.webshopId, l.email, l.language, "")))
                : Uni.createFrom().item(tokens.verify(token, OptOutLink.class).filter(OptOutLink::genuine)
                        .map(l -> new Subscriber(l.webshopId(), l.email(), l.language(), "")));
        return found.chain(subscriber -> subscriber.isEmpty()
                ? Uni.createFrom().item(subscriber)
                : webshops.findById(subscriber.get().webshopId()).map(shop -> subscriber
                        .map(s -> new Subscriber(s.webshopId(), s.email(), s.language(), shop == null ? "" : shop.name))));
    }

    /** Records the opt-out of a genuine link; empty for an unknown or damaged one. Call inside a transaction. */
    public Uni<Optional<Subscriber>> optOut(String reference, String token) {
        return find(reference, token).call(subscriber -> subscriber.isEmpty()
                ? Uni.createFrom().voidItem()
                : repository.add(subscriber.get().webshopId(), subscriber.get().email(), Instant.now()));
    }
}
