package dev.shopreviews.partner.webshop.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.partner.domain.service.DomainNames;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.hibernate.exception.ConstraintViolationException;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Creates and changes webshops; every change bumps the version and publishes the snapshot in the same transaction. */
@ApplicationScoped
public class WebshopService {
    private static final Logger LOG = Logger.getLogger(WebshopService.class);
    private static final Pattern ISO_639_1 = Pattern.compile("^[a-z]{2}$");
    private static final Pattern HEX_COLOUR = Pattern.compile("^#[0-9a-fA-F]{6}$");

    private final WebshopRepository webshops;
    private final WebshopSnapshots snapshots;
    private final AuditLog audit;
    private final ApiCodeCipher cipher;

    public WebshopService(WebshopRepository webshops, WebshopSnapshots snapshots, AuditLog audit, ApiCodeCipher cipher) {
        this.cipher = cipher;
        this.webshops = webshops;
        this.snapshots = snapshots;
        this.audit = audit;
    }

    /** Operator creation: always a new webshop. */
    public Uni<IssuedWebshop> create(Actor who, NewWebshop input) {
        validate(input, true);
        return Panache.withTransaction(() -> insert(who, input, null, null, null));
    }

    /**
     * Partner creation, idempotent on (source, id): the same pair again answers the existing webshop, also when
     * identical requests race (the unique constraint decides, the loser reads the winner's row).
     */
    public Uni<IssuedWebshop> createForPartner(Actor who, NewWebshop input, String source, String externalId, Boolean assurance) {
        validate(input, true);
        return existingForPartner(source, externalId)
                .chain(existing -> existing != null ? Uni.createFrom().item(existing)
                        : Panache.withTransaction(() -> insert(who, input, source, externalId, assurance)))
                .onFailure(WebshopService::isUniqueViolation)
                .recoverWithUni(() -> existingForPartner(source, externalId));
    }

    private Uni<IssuedWebshop> existingForPartner(String source, String externalId) {
        return Panache.withSession(() -> webshops.findByPartnerId(source, externalId))
                .map(shop -> shop == null ? null : new IssuedWebshop(shop.id, null, shop.publicCode, false));
    }

    private Uni<IssuedWebshop> insert(Actor who, NewWebshop input, String source, String externalId, Boolean assurance) {
        String code = Codes.random(16);
        Webshop shop = new Webshop();
        shop.apiCodeHash = Codes.sha256Hex(code);
        shop.publicCode = Codes.random(12);
        shop.partnerSource = source;
        shop.partnerExternalId = externalId;
        shop.createdAt = Instant.now();
        apply(shop, input);
        if (shop.domains.isEmpty()) {
            DomainNames.normalise(shop.url).ifPresent(shop.domains::add);
        }
        if (source != null && assurance != null) {
            shop.partnerAssurances.put(source, assurance);
        }
        // the id comes from the sequence at persist; the encrypted copy is bound to it, and inserted with the row at flush
        return webshops.persist(shop)
                .invoke(() -> shop.apiCodeCipher = cipher.encrypt(code, shop.id))
                .chain(() -> webshops.flush())
                .chain(() -> snapshots.publish(shop))
                .call(() -> audit.record(who, "webshop.create", "webshop:" + shop.id, shop.id, null, auditedState(shop)))
                .invoke(() -> LOG.infof("Webshop %d created (%s)", shop.id, source == null ? "operator" : "partner " + source))
                .map(ignored -> new IssuedWebshop(shop.id, code, shop.publicCode, true));
    }

    public Uni<Webshop> update(Operator who, long id, NewWebshop input) {
        validate(input, false);
        return change(who, "webshop.update", id, shop -> apply(shop, input));
    }

    public Uni<Webshop> approve(Operator who, long id) {
        return change(who, "webshop.approve", id, shop -> {
            if (shop.approvedAt == null) {
                shop.approvedAt = Instant.now();
            }
        });
    }

    public Uni<Webshop> setReplyAccess(Operator who, long id, boolean granted) {
        return change(who, granted ? "webshop.reply-access.grant" : "webshop.reply-access.revoke", id,
                shop -> shop.replyAccess = granted);
    }

    /**
     * Deactivates or reactivates a webshop. Every service follows the snapshot: a deactivated shop's API and public
     * codes answer 403 with a clear message, its widgets say its reviews are unavailable, no invitation is mailed.
     */
    public Uni<Webshop> setActive(Operator who, long id, boolean active) {
        return change(who, active ? "webshop.reactivate" : "webshop.deactivate", id, shop -> shop.active = active);
    }

    /** The languages a webshop's reviews and widgets use; the main language stays when still listed, else the first. */
    public Uni<Webshop> setLanguages(Actor who, long id, List<String> languages) {
        if (languages == null || languages.isEmpty() || languages.size() > 30
                || !languages.stream().allMatch(l -> l != null && ISO_639_1.matcher(l).matches())) {
            throw EnvelopeException.invalid("languages must be 1-30 ISO-639-1 codes.");
        }
        return change(who, "webshop.languages", id, shop -> {
            Set<String> chosen = new LinkedHashSet<>(languages);
            if (!chosen.contains(shop.mainLanguage)) {
                shop.mainLanguage = chosen.iterator().next();
            }
            Set<String> ordered = new LinkedHashSet<>();
            ordered.add(shop.mainLanguage);
            ordered.addAll(chosen);
            shop.languages = String.join(",", ordered);
        });
    }

    /**
     * Issues a new API code (hash and encrypted copy); the old one stops working everywhere once the snapshot has been
     * replicated. Also how a shop whose code predates the encrypted copy gets one (signed order data is checked from then on).
     */
    public Uni<IssuedWebshop> rotateCode(Actor who, long id) {
        String code = Codes.random(16);
        return change(who, "webshop.rotate-code", id, shop -> {
                    shop.apiCodeHash = Codes.sha256Hex(code);
                    shop.apiCodeCipher = cipher.encrypt(code, shop.id);
                })
                .map(shop -> new IssuedWebshop(shop.id, code, shop.publicCode, false));
    }

    /** One change of a webshop: locked, versioned, published as a snapshot and audited, in one transaction. */
    private Uni<Webshop> change(Actor who, String action, long id, Consumer<Webshop> mutation) {
        return Panache.withTransaction(() -> webshops.findById(id, LockModeType.PESSIMISTIC_WRITE)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Webshop not found."))
                .call(shop -> {
                    Map<String, Object> before = auditedState(shop);
                    mutation.accept(shop);
                    shop.version++;
                    return snapshots.publish(shop)
                            .call(() -> audit.record(who, action, "webshop:" + id, id, before, auditedState(shop)));
                }));
    }

    /** What the audit log keeps of a webshop: its state, never its codes. */
    private static Map<String, Object> auditedState(Webshop shop) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("active", shop.active);
        state.put("approved", shop.approvedAt != null);
        state.put("reply_access", shop.replyAccess);
        state.put("languages", shop.languages);
        state.put("name", shop.name);
        state.put("url", shop.url);
        return state;
    }

    private static void apply(Webshop shop, NewWebshop input) {
        if (input.name() != null) shop.name = input.name().trim();
        if (input.url() != null) shop.url = input.url().trim();
        if (input.mainLanguage() != null || input.languages() != null || shop.languages == null) {
            String main = input.mainLanguage() != null ? input.mainLanguage()
                    : shop.mainLanguage != null ? shop.mainLanguage : "en";
            Set<String> languages = new LinkedHashSet<>();
            languages.add(main);
            if (input.languages() != null) languages.addAll(input.languages());
            else if (shop.languages != null) languages.addAll(shop.languageList());
            shop.mainLanguage = main;
            shop.languages = String.join(",", languages);
        }
        if (input.domains() != null) {
            shop.domains.clear();
            input.domains().forEach(domain -> DomainNames.normalise(domain).ifPresent(shop.domains::add));
        }
        if (input.address() != null) {
            shop.street = input.address().street();
            shop.housenumber = input.address().housenumber();
            shop.postalcode = input.address().postalcode();
            shop.city = input.address().city();
            shop.country = input.address().country();
        }
        if (input.logo() != null) shop.logo = input.logo();
        if (input.heroColor() != null) shop.heroColor = input.heroColor();
        if (input.heroImage() != null) shop.heroImage = input.heroImage();
        if (input.phone() != null) shop.phone = input.phone();
        if (input.email() != null) shop.email = input.email();
        if (input.vat() != null) shop.vat = input.vat();
    }

    static void validate(NewWebshop input, boolean creating) {
        List<String> problems = new ArrayList<>();
        if (input == null) {
            throw EnvelopeException.invalid("A JSON body is required.");
        }
        if (creating && isBlank(input.name())) problems.add("name is required");
        if (creating && isBlank(input.url())) problems.add("url is required");
        if (input.url() != null && !TextInput.httpUrl(input.url())) problems.add("url must be an http or https address");
        else if (input.url() != null && DomainNames.normalise(input.url()).isEmpty()) problems.add("url has no valid host name");
        if (input.logo() != null && !TextInput.httpUrl(input.logo())) problems.add("logo must be an http or https address");
        if (input.heroImage() != null && !TextInput.httpUrl(input.heroImage())) problems.add("hero_image must be an http or https address");
        singleLines(input).forEach((field, value) -> {
            String why = TextInput.problem(value, TextInput.Kind.LINE);
            if (why != null) problems.add(field + " " + why);
        });
        for (Limit limit : MAX_LENGTHS) {
            String value = limit.value().apply(input);
            if (value != null && value.length() > limit.length()) {
                problems.add(limit.name() + " is longer than " + limit.length() + " characters");
            }
        }
        if (input.mainLanguage() != null && !ISO_639_1.matcher(input.mainLanguage()).matches()) {
            problems.add("main_language must be an ISO-639-1 code");
        }
        if (input.languages() != null && !input.languages().stream().allMatch(l -> l != null && ISO_639_1.matcher(l).matches())) {
            problems.add("languages must be ISO-639-1 codes");
        }
        if (input.domains() != null && !input.domains().stream().allMatch(d -> DomainNames.normalise(d).isPresent())) {
            problems.add("domains must be valid host names");
        }
        if (input.heroColor() != null && !HEX_COLOUR.matcher(input.heroColor()).matches()) {
            problems.add("hero_color must be a hex colour such as #1a2b3c");
        }
        if (!problems.isEmpty()) {
            throw EnvelopeException.invalid("Invalid webshop: " + String.join("; ", problems) + ".");
        }
    }

    private record Limit(String name, int length, Function<NewWebshop, String> value) {
    }

    /** The longest value each column holds (V2__webshops.sql): longer ones are refused, never cut or failed on. */
    private static final List<Limit> MAX_LENGTHS = List.of(
            new Limit("name", 255, NewWebshop::name),
            new Limit("url", 2048, NewWebshop::url),
            new Limit("logo", 2048, NewWebshop::logo),
            new Limit("hero_image", 2048, NewWebshop::heroImage),
            new Limit("phone", 64, NewWebshop::phone),
            new Limit("email", 255, NewWebshop::email),
            new Limit("vat", 64, NewWebshop::vat),
            new Limit("address.street", 255, in -> in.address() == null ? null : in.address().street()),
            new Limit("address.housenumber", 64, in -> in.address() == null ? null : in.address().housenumber()),
            new Limit("address.postalcode", 64, in -> in.address() == null ? null : in.address().postalcode()),
            new Limit("address.city", 255, in -> in.address() == null ? null : in.address().city()),
            new Limit("address.country", 255, in -> in.address() == null ? null : in.address().country()));

    /** Fields that end up in mail headers, URLs or one-line displays: no line breaks or control characters. */
    private static Map<String, String> singleLines(NewWebshop input) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", input.name());
        fields.put("phone", input.phone());
        fields.put("email", input.email());
        fields.put("vat", input.vat());
        if (input.address() != null) {
            fields.put("address.street", input.address().street());
            fields.put("address.housenumber", input.address().housenumber());
            fields.put("address.postalcode", input.address().postalcode());
            fields.put("address.city", input.address().city());
            fields.put("address.country", input.address().country());
        }
        return fields;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private static boolean isUniqueViolation(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConstraintViolationException || String.valueOf(t.getMessage()).contains("23505")) {
                return true;
            }
        }
        return false;
    }
}
