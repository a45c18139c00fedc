package dev.shopreviews.partner.partnerapi.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.partner.Partner;
import dev.shopreviews.partner.domain.service.DomainNames;
import dev.shopreviews.partner.owner.service.OwnerEmails;
import dev.shopreviews.partner.owner.service.OwnerInvitations;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;
import dev.shopreviews.partner.webshop.service.NewWebshop;
import dev.shopreviews.partner.webshop.service.WebshopService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Locale;

/**
 * Turns a schema-valid partner profile (spec 2.10) into a webshop, idempotently per (source, id). The optional
 * {@code owner_email} (an extension) invites that address to the new webshop's dashboard.
 */
@ApplicationScoped
public class PartnerProfiles {
    private static final Logger LOG = Logger.getLogger(PartnerProfiles.class);
    private final WebshopService webshops;
    private final OwnerInvitations owners;

    public PartnerProfiles(WebshopService webshops, OwnerInvitations owners) {
        this.webshops = webshops;
        this.owners = owners;
    }

    /** {@code partner}: the caller, whose token's name is the profile's source (also the audit log's actor). */
    public Uni<IssuedWebshop> create(JsonNode profile, Partner partner) {
        String shopUrl = profile.get("shop_url").asText();
        String domain = DomainNames.normalise(shopUrl).orElse(null);
        JsonNode address = firstAddress(profile.path("addresses"));
        String language = text(profile, "language");
        NewWebshop input = new NewWebshop(
                orDefault(text(profile, "name"), domain),
                shopUrl,
                language == null ? "en" : language,
                null,
                domain == null ? List.of() : List.of(domain),
                address == null ? null : new NewWebshop.Address(text(address, "street"), null,
                        text(address, "postcode"), text(address, "city"), countryName(text(address, "country"))),
                null, null, null,
                orDefault(text(profile, "phone"), address == null ? null : text(address, "phone")),
                address == null ? null : text(address, "email"),
                text(profile, "vat"));
        JsonNode assurance = profile.path("assurance").path("status");
        // Checked before anything is stored: a bad address must not leave a created shop behind a 400.
        String ownerEmail = text(profile, "owner_email") == null ? null : OwnerEmails.normalise(text(profile, "owner_email"));
        return webshops.createForPartner(partner, input, partner.name(), profile.get("id").asText(),
                        assurance.isBoolean() ? assurance.booleanValue() : null)
                .call(issued -> issued.created() && ownerEmail != null ? inviteOwner(partner, issued.webshopId(), ownerEmail)
                        : Uni.createFrom().voidItem());
    }

    /** The shop exists now and its code must reach the partner: a failed invitation is logged, the operator can repeat it. */
    private Uni<Void> inviteOwner(Partner partner, long webshopId, String email) {
        return owners.invite(partner, webshopId, email).replaceWithVoid().onFailure().recoverWithUni(failure -> {
            LOG.warnf("The owner of webshop %d was not invited: %s", webshopId, failure.getMessage());
            return Uni.createFrom().voidItem();
        });
    }

    private static JsonNode firstAddress(JsonNode addresses) {
        if (addresses.has("shop")) return addresses.get("shop");
        return addresses.has("company") ? addresses.get("company") : null;
    }

    private static String countryName(String code) {
        return code == null ? null : new Locale("", code).getDisplayCountry(Locale.ENGLISH);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
