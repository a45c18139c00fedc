package dev.shopreviews.invitations.template.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.invitations.optout.repository.WebshopReplicas;
import dev.shopreviews.invitations.sending.mail.MailLanguages;
import dev.shopreviews.invitations.sending.mail.MailLinks;
import dev.shopreviews.invitations.template.mapping.MailKind;
import dev.shopreviews.invitations.template.mapping.MailVariables;
import dev.shopreviews.invitations.template.mapping.RenderedMail;
import dev.shopreviews.invitations.template.mapping.SafeTemplates;
import dev.shopreviews.invitations.template.mapping.TemplateSource;
import dev.shopreviews.invitations.template.repository.MailTemplate;
import dev.shopreviews.invitations.template.repository.MailTemplates;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A webshop's own e-mail templates in the shop dashboard: one per kind (invitation, reminder) and mail language,
 * checked by {@link SafeTemplates} before a preview or a save (a refused one stores nothing); without one the
 * built-in text applies. The caller has checked the owner's session; changes are audited in their transaction.
 */
@ApplicationScoped
public class ShopTemplates {
    /** The sample customer and products of previews and checks. */
    static final String SAMPLE_NAME = "Alex Sample";
    static final List<String> SAMPLE_PRODUCTS = List.of("Sample product");

    private final MailTemplates templates;
    private final WebshopReplicas shops;
    private final MailLinks links;
    private final AuditLog audit;

    public ShopTemplates(MailTemplates templates, WebshopReplicas shops, MailLinks links, AuditLog audit) {
        this.templates = templates;
        this.shops = shops;
        this.links = links;
        this.audit = audit;
    }

    /** One template as the dashboard shows it; {@code custom} false: the built-in text, written with the variables. */
    public record Shown(MailKind kind, String language, boolean custom, TemplateSource source, Instant updatedAt) {
    }

    /** What the audit log keeps of a template (its sources are in the table). */
    @JsonPropertyOrder({"kind", "language", "subject"})
    record Audited(@JsonProperty("kind") String kind, @JsonProperty("language") String language,
                   @JsonProperty("subject") String subject) {
    }

    /** Every kind and mail language, the shop's own template where it has one. */
    @WithSession
    public Uni<List<Shown>> list(long webshopId) {
        return templates.ofWebshop(webshopId).map(stored -> {
            List<Shown> all = new ArrayList<>();
            for (MailKind kind : MailKind.values()) {
                for (String language : new TreeSet<>(MailLanguages.SUPPORTED)) {
                    all.add(stored.stream().filter(t -> t.kind.equals(kind.name()) && t.language.equals(language))
                            .findFirst().map(ShopTemplates::shown).orElseGet(() -> builtIn(kind, language)));
                }
            }
            return all;
        });
    }

    @WithSession
    public Uni<Shown> get(long webshopId, MailKind kind, String language) {
        String lang = language(language);
        return templates.find(webshopId, kind.name(), lang)
                .map(stored -> stored == null ? builtIn(kind, lang) : shown(stored));
    }

    /** Checks {@code source} and renders it with the sample data (the shop's name, a sample customer and product). */
    @WithSession
    public Uni<RenderedMail> preview(long webshopId, MailKind kind, String language, TemplateSource source) {
        language(language);
        return sample(webshopId).map(sample -> {
            SafeTemplates.Checked checked = SafeTemplates.check(source, sample, minimal(sample));
            return SafeTemplates.render(checked, sample, true);
        });
    }

    /** Checks and stores the template (replacing the kind's and language's), audited, in one transaction. */
    @WithTransaction
    public Uni<Shown> save(Owner owner, long webshopId, MailKind kind, String language, TemplateSource source) {
        String lang = language(language);
        return sample(webshopId).chain(sample -> {
            SafeTemplates.check(source, sample, minimal(sample));
            return templates.find(webshopId, kind.name(), lang).chain(row -> {
                Audited before = row == null ? null : new Audited(kind.name(), lang, row.subject);
                MailTemplate stored = row == null ? new MailTemplate() : row;
                stored.webshopId = webshopId;
                stored.kind = kind.name();
                stored.language = lang;
                stored.subject = source.subject().strip();
                stored.html = source.html();
                stored.text = source.text();
                stored.updatedAt = Instant.now();
                stored.updatedBy = owner.actor();
                Uni<MailTemplate> persisted = row == null ? templates.persist(stored) : Uni.createFrom().item(stored);
                return persisted.call(() -> audit.record(owner, "invitation.template", "webshop:" + webshopId, webshopId,
                                before, new Audited(kind.name(), lang, stored.subject)))
                        .map(ShopTemplates::shown);
            });
        });
    }

    /** Deletes the shop's template: the built-in text applies again (audited when there was one). */
    @WithTransaction
    public Uni<Shown> delete(Owner owner, long webshopId, MailKind kind, String language) {
        String lang = language(language);
        return templates.find(webshopId, kind.name(), lang).chain(row -> row == null
                ? Uni.createFrom().item(builtIn(kind, lang))
                : templates.remove(webshopId, kind.name(), lang)
                        .call(() -> audit.record(owner, "invitation.template", "webshop:" + webshopId, webshopId,
                                new Audited(kind.name(), lang, row.subject), null))
                        .replaceWith(builtIn(kind, lang)));
    }

    private Uni<MailVariables> sample(long webshopId) {
        return shops.findById(webshopId).map(shop -> new MailVariables(shop == null ? "Sample shop" : shop.name,
                SAMPLE_NAME, links.review("SAMPLE-REVIEW-REFERENCE"), links.optOut("SAMPLE-OPT-OUT-REFERENCE"),
                SAMPLE_PRODUCTS));
    }

    /** The sample without a customer name and products: the links must show in this case too. */
    private static MailVariables minimal(MailVariables sample) {
        return new MailVariables(sample.shopName(), "", sample.reviewLink(), sample.optOutLink(), List.of());
    }

    /** One of the six mail languages (404 envelope otherwise), lower case. */
    static String language(String value) {
        String language = value == null ? "" : value.toLowerCase(Locale.ROOT);
        if (!MailLanguages.SUPPORTED.contains(language)) {
            throw new EnvelopeException(404, "No such e-mail language: use one of de, en, es, fr, it, nl.");
        }
        return language;
    }

    private static Shown shown(MailTemplate row) {
        return new Shown(MailKind.valueOf(row.kind), row.language, true, new TemplateSource(row.subject, row.html, row.text),
                row.updatedAt);
    }

    private static Shown builtIn(MailKind kind, String language) {
        return new Shown(kind, language, false, BuiltInTemplates.source(kind, language), null);
    }
}
