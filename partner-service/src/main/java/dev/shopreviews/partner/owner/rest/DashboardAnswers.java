package dev.shopreviews.partner.owner.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.shopreviews.partner.session.repository.DashboardSession;
import dev.shopreviews.partner.webshop.repository.Webshop;

import java.time.Instant;
import java.util.List;

/** The bodies partner-service's dashboard API answers (envelope status/message/data, as the console's). */
public final class DashboardAnswers {
    private DashboardAnswers() {
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record Answer<T>(String status, String message, T data) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ShopLine(long id, String name, String url, boolean active) {
        static ShopLine of(Webshop shop) {
            return new ShopLine(shop.id, shop.name, shop.url, shop.active);
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Me(long id, String email, List<ShopLine> webshops) {
    }

    /** Everything the Integration and Settings pages show of a webshop; never its API code. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record ShopDetails(long id, String name, String url, String publicCode, String mainLanguage,
                              List<String> languages, boolean replyAccess, boolean active, boolean approved) {
        static ShopDetails of(Webshop shop) {
            return new ShopDetails(shop.id, shop.name, shop.url, shop.publicCode, shop.mainLanguage, shop.languageList(),
                    shop.replyAccess, shop.active, shop.approvedAt != null);
        }
    }

    /** The new API code, shown this once. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record NewCode(long id, String code) {
    }

    /** One open dashboard session of the owner; {@code current} is the one making the request. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SessionLine(String id, String client, Instant openedAt, Instant expiresAt, boolean current) {
        static SessionLine of(DashboardSession session, String currentId) {
            return new SessionLine(session.id, session.client, session.openedAt, session.expiresAt,
                    session.id.equals(currentId));
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record TotpSetup(String secret, String otpauthUri) {
    }
}
