package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.events.WebshopSnapshot;
import dev.shopreviews.common.outbox.Outbox;
import dev.shopreviews.partner.webshop.repository.Webshop;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/** Announces a webshop's current state on the compacted {@code webshops} topic, through the outbox. */
@ApplicationScoped
public class WebshopSnapshots {
    private final Outbox outbox;

    public WebshopSnapshots(Outbox outbox) {
        this.outbox = outbox;
    }

    /** Call inside the transaction that changed the webshop, after bumping its version. */
    public Uni<Void> publish(Webshop shop) {
        return outbox.append(Topics.WEBSHOPS, String.valueOf(shop.id), of(shop));
    }

    static WebshopSnapshot of(Webshop shop) {
        return new WebshopSnapshot(UUID.randomUUID().toString(), WebshopSnapshot.TYPE, Instant.now(), shop.id,
                shop.version, shop.apiCodeHash, shop.publicCode, shop.name, shop.url, shop.mainLanguage,
                shop.languageList(), shop.replyAccess, shop.active, List.copyOf(shop.domains),
                new WebshopSnapshot.Address(shop.street, shop.housenumber, shop.postalcode, shop.city, shop.country),
                shop.logo, shop.heroColor, shop.heroImage, shop.approvedAt,
                Map.copyOf(new TreeMap<>(shop.partnerAssurances)), shop.createdAt, shop.apiCodeCipher);
    }
}
