package dev.shopreviews.invitations.dashboard.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.mapping.ReplyToAddresses;
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
 * (same rule as the spec's delay, {@link InvitationRequests#delayDays}), the sender name ({@link SenderNames}), the display name of the
 * invitation e-mail's From header, the days after sending of the one reminder (0: none) and the Reply-To address
 * ({@link ReplyToAddresses}). The caller has checked the owner's session; a change is audited in its transaction.
 */
@ApplicationScoped
public class DashboardSettings {
    public static final int MAX_REMINDER_DAYS = 60;
    public static final String REMINDER_DAYS_INVALID =
            "reminder_days must be a whole number of days from 0 (no reminder) to " + MAX_REMINDER_DAYS + ".";

    private final InvitationDefaultsRepository defaults;
    private final AuditLog audit;

    public DashboardSettings(InvitationDefaultsRepository defaults, AuditLog audit) {
        this.defaults = defaults;
        this.audit = audit;
    }

    /**
     * The settings as the dashboard shows and sends them (also what the audit log keeps: no personal data).
     * reminder_days and reply_to are left out of the audit's JSON while unset (0, null), as before V12.
     */
    @JsonPropertyOrder({"default_delay", "sender_name", "reminder_days", "reply_to"})
    public record Defaults(@JsonProperty("default_delay") int defaultDelay, @JsonProperty("sender_name") String senderName,
                           @JsonProperty("reminder_days") @JsonInclude(JsonInclude.Include.NON_DEFAULT) int reminderDays,
                           @JsonProperty("reply_to") @JsonInclude(JsonInclude.Include.NON_NULL) String replyTo) {
        /** What applies while the webshop stored none: the spec's default delay, the configured From, no reminder. */
        public static final Defaults BUILT_IN = new Defaults(InvitationRequests.DEFAULT_DELAY_DAYS, null, 0, null);

        static Defaults of(InvitationDefaults row) {
            return new Defaults(row.defaultDelay, row.senderName, row.reminderDays, row.replyTo);
        }

        InvitationDefaultsRepository.Stored stored() {
            return new InvitationDefaultsRepository.Stored(defaultDelay, senderName, reminderDays, replyTo);
        }
    }

    /**
     * A PUT body: default_delay and sender_name as given (absent sender_name: none); reminder_days and reply_to only
     * when the body names them ({@code null} here: keep the stored value), so a client that knows only the first two
     * never switches reminders off.
     */
    public record Change(int defaultDelay, String senderName, Integer reminderDays, boolean replyToGiven, String replyTo) {
        Defaults applyTo(Defaults current) {
            return new Defaults(defaultDelay, senderName, reminderDays == null ? current.reminderDays() : reminderDays,
                    replyToGiven ? replyTo : current.replyTo());
        }
    }

    @WithSession
    public Uni<Defaults> read(long webshopId) {
        return defaults.find(webshopId).map(row -> row == null ? Defaults.BUILT_IN : Defaults.of(row));
    }

    /** Stores {@code wanted} (checked by {@link #parse}) and audits the change as the owner, in one transaction. */
    @WithTransaction
    public Uni<Defaults> change(Owner owner, long webshopId, Change wanted) {
        return defaults.findForChange(webshopId).chain(row -> {
            Defaults before = row == null ? null : Defaults.of(row);
            Defaults after = wanted.applyTo(before == null ? Defaults.BUILT_IN : before);
            return defaults.save(webshopId, after.stored(), Instant.now(), owner.actor())
                    .chain(() -> audit.record(owner, "invitation.defaults", "webshop:" + webshopId, webshopId, before, after))
                    .replaceWith(after);
        });
    }

    /**
     * The body {@code {default_delay, sender_name, reminder_days, reply_to}}: default_delay a JSON integer within the
     * spec's delay rule (required); sender_name optional (absent, null or blank: none); reminder_days optional, a JSON
     * integer 0-60; reply_to optional ({@link ReplyToAddresses}; null or blank: none). 400 envelope otherwise.
     */
    public static Change parse(ObjectNode json) {
        JsonNode delay = json.get("default_delay");
        if (delay == null || !delay.isIntegralNumber()) {
            throw EnvelopeException.invalid(InvitationRequests.DELAY_INVALID);
        }
        int days = InvitationRequests.delayDays(delay.asText());
        String senderName = SenderNames.checked(text(json, "sender_name"));
        Integer reminderDays = json.has("reminder_days") ? reminderDays(json.get("reminder_days")) : null;
        String replyTo = ReplyToAddresses.checked(text(json, "reply_to"));
        return new Change(days, senderName, reminderDays, json.has("reply_to"), replyTo);
    }

    private static String text(ObjectNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw EnvelopeException.invalid(field + " must be a text.");
        }
        return value.textValue();
    }

    private static int reminderDays(JsonNode value) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()
                || value.intValue() < 0 || value.intValue() > MAX_REMINDER_DAYS) {
            throw EnvelopeException.invalid(REMINDER_DAYS_INVALID);
        }
        return value.intValue();
    }
}
