package dev.shopreviews.partner.admin.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.partner.partnerapi.service.PartnerTokens;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.service.IssuedWebshop;

import java.util.List;
import java.util.Set;

/** The admin API's bodies (no envelope on success: the admin API's own shapes). */
public final class AdminAnswers {
    private AdminAnswers() {
    }

    /** A new webshop's or a rotated code's credentials; the API code is shown only here. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webshop_id", "code", "public_code"})
    public record Credentials(@JsonProperty("webshop_id") long webshopId, String code,
                              @JsonProperty("public_code") String publicCode) {
        static Credentials of(IssuedWebshop issued) {
            return new Credentials(issued.webshopId(), issued.code(), issued.publicCode());
        }
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"webshop_id", "name", "version", "approved", "reply_access", "domains", "languages"})
    public record WebshopState(@JsonProperty("webshop_id") Long webshopId, String name, long version, boolean approved,
                               @JsonProperty("reply_access") boolean replyAccess, Set<String> domains,
                               List<String> languages) {
        static WebshopState of(Webshop shop) {
            return new WebshopState(shop.id, shop.name, shop.version, shop.approvedAt != null, shop.replyAccess,
                    shop.domains, shop.languageList());
        }
    }

    /** A new partner token (shown only here). */
    @JsonPropertyOrder({"id", "partner", "token"})
    public record IssuedToken(long id, String partner, String token) {
        static IssuedToken of(PartnerTokens.Issued issued) {
            return new IssuedToken(issued.id(), issued.partner(), issued.token());
        }
    }
}
