package dev.shopreviews.invitations.dashboard.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.mapping.SenderNames;
import dev.shopreviews.invitations.invitation.repository.InvitationDefaults;
import dev.shopreviews.invitations.invitation.repository.InvitationDefaultsRepository;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * A webshop's invitation defaults in the shop dashboard (Settings): the delay an invitation added without one gets
 * (same rule as the spec's delay, {@link InvitationRequests#delayDays}) and the sender name ({@link SenderNames}), the display name of the
 * invitation e-mail's From header. The caller has checked the owner's session; a change is audited in its transaction.
 */
@ApplicationScoped
public class DashboardSettings {
    private final InvitationDefaultsRepository defaults;
    private final AuditLog audit;

    public DashboardSettings(InvitationDefaultsRepository defaults, AuditLog audit) {
        this.defaults = defaults;
        this.audit = audit;
    }

    /** The defaults as the dashboard shows and sends them (also what the audit log keeps: no personal data). */
    @JsonPropertyOrder({"default_delay", "sender_name"})
    public record Defaults(@JsonProperty("default_delay") int defaultDelay, @JsonProperty("sender_name") String senderName) {
        /** What applies while the webshop stored none: the spec's default delay, the configured From. */
        public static final Defaults BUILT_IN = new Defaults(InvitationRequests.DEFAULT_DELAY_DAYS, null);

        static Defaults of(InvitationDefaults row) {
            return new Defaults(row.defaultDelay, row.senderName);
        }
    }

    @WithSession
    public Uni<Defaults> read(long webshopId) {
        return defaults.find(webshopId).map(row -> row == null ? Defaults.BUILT_IN : Defaults.of(row));
    }

    /** Stores {@code wanted} (checked by {@link #parse}) and audits the change as the owner, in one transaction. */
    @WithTransaction
    public Uni<Defaults> change(Owner owner, long webshopId, Defaults wanted) {
        return defaults.findForChange(webshopId).chain(row -> {
            Defaults before = row == null ? null : Defaults.of(row);
            return defaults.save(webshopId, wanted.defaultDelay(), wanted.senderName(), Instant.now(), owner.actor())
                    .chain(() -> audit.record(owner, "invitation.defaults", "webshop:" + webshopId, webshopId, before, wanted))
                    .replaceWith(wanted);
        });
    }

    /**
     * The body {@code {default_delay, sender_name}}: default_delay a JSON integer within the spec's delay rule
     * (required); sender_name optional (absent, null or blank: none). 400 envelope otherwise.
     */
    public static Defaults parse(ObjectNode json) {
        JsonNode delay = json.get("default_delay");
        if (delay == null || !delay.isIntegralNumber()) {
            throw EnvelopeException.invalid(InvitationRequests.DELAY_INVALID);
        }
        int days = InvitationRequests.delayDays(delay.asText());
        JsonNode name = json.get("sender_name");
        if (name == null || name.isNull()) {
            return new Defaults(days, null);
        }
        if (!name.isTextual()) {
            throw EnvelopeException.invalid("sender_name must be a text.");
        }
        return new Defaults(days, SenderNames.checked(name.textValue()));
    }
}
