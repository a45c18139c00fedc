package dev.shopreviews.embed.reviewform.rest;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.SubRatings;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.rules.EmailAddress;
import dev.shopreviews.common.rules.OrderNumber;
import dev.shopreviews.common.rules.Rating;
import dev.shopreviews.common.rules.ReviewText;
import dev.shopreviews.common.rules.ReviewerName;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.common.web.HtmlPage;
import dev.shopreviews.embed.browser.service.BrowserInput;
import dev.shopreviews.embed.browser.service.Countries;
import dev.shopreviews.embed.browser.service.Origins;
import dev.shopreviews.embed.browser.service.RateLimiter;
import dev.shopreviews.embed.browser.service.Submissions;
import dev.shopreviews.embed.config.EmbedConfig;
import dev.shopreviews.embed.i18n.Languages;
import dev.shopreviews.embed.links.service.ReviewLinks;
import dev.shopreviews.embed.readmodel.repository.ShownReview;
import dev.shopreviews.embed.readmodel.service.ShopDisplay;
import dev.shopreviews.embed.readmodel.service.ShopView;
import dev.shopreviews.embed.readmodel.service.ShopViews;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The review form of the invitation e-mail ({@code /embed/review?ref=}, an opaque reference announced by
 * invitations-service on review-links; {@code ?token=}, a signed {@link ReviewLink} of mails sent before, still
 * works): overall rating, four sub-ratings, comment, name, and a rating (plus optional text) per product of the link.
 * An unknown, revoked or forged link answers a friendly 400 page, an expired one 410, a link of a deactivated webshop
 * 403 "This shop no longer collects reviews here." (GET and POST; nothing is published). The POST publishes
 * {@code reviews.submitted} with origin invitation, the invitation id and the order number. The first GET of a usable
 * known link sets its {@code opened_at} (the shop dashboard's "opened"; HEAD and POST do not).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@HtmlPage
// Customers: the review form, opened and posted with the review link's reference (or signed token), and per-client limits.
@PermitAll
@Path("/embed/review")
public class ReviewFormResource {
    static final List<String> SUBS = List.of("shippingtime", "customerservice", "pricequality", "aftersale");

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance form(ShopDisplay shop, ReviewLink link, LinkKey key, List<String> errors, String lang,
                                            Prefill prefill, List<Integer> scale);

        static native TemplateInstance reviewClosed(String lang);

        static native TemplateInstance thanks(ShopDisplay shop, String lang);

        static native TemplateInstance linkProblem(boolean expired, String lang);

        static native TemplateInstance notCollecting(String name, String lang);
    }

    /** The link's own parameter, sent back as a hidden field: {@code ref} (opaque) or {@code token} (signed, legacy). */
    public record LinkKey(String name, String value) {
    }

    /**
     * What the form shows filled in: the review written through this link (a used link opens it; {@code until} is
     * the last day it can be changed), else only the customer's name from the invitation.
     */
    public record Prefill(Integer rating, Integer shippingtime, Integer customerservice, Integer pricequality,
                          Integer aftersale, String comment, String name, String until) {
        static Prefill of(ReviewLink link, ShownReview existing, Instant until) {
            if (existing == null) {
                return new Prefill(null, null, null, null, null, null, link.customerName(), null);
            }
            // a hidden review's stored text may be the moderators' notice, never the reviewer's words to edit
            String comment = existing.hiddenReason == null ? existing.comment : null;
            return new Prefill(existing.rating, existing.shippingtime, existing.customerservice, existing.pricequality,
                    existing.aftersale, comment, existing.name, until.toString().substring(0, 10));
        }
    }

    static final List<Integer> SCALE = List.of(5, 4, 3, 2, 1);

    private final SignedTokens tokens;
    private final Duration editWindow;
    private final ReviewLinks links;
    private final ShopViews views;
    private final Origins origins;
    private final ClientAddresses clients;
    private final RateLimiter limiter;
    private final Submissions submissions;

    public ReviewFormResource(SignedTokens tokens, ReviewLinks links, ShopViews views, Origins origins, RateLimiter limiter,
                              Submissions submissions, ClientAddresses clients, EmbedConfig config) {
        this.editWindow = config.reviewEditWindow();
        this.clients = clients;
        this.tokens = tokens;
        this.links = links;
        this.views = views;
        this.origins = origins;
        this.limiter = limiter;
        this.submissions = submissions;
    }

    @GET
    @Operation(summary = "The review form of an invitation e-mail's link (HTML page)")
    public Uni<Response> form(@QueryParam("ref") String ref, @QueryParam("token") String token,
                              @Context HttpServerRequest request) {
        LinkKey key = key(ref, token);
        // A GET records the link's first opening (the dashboard's "opened"); a HEAD (JAX-RS answers it here) does not.
        boolean opening = request.method() != HttpMethod.HEAD;
        // A customer can open the e-mail's link before the link's announcement reached this service: a GET of a
        // reference not known yet waits for it a little (ReviewLinks.awaitAnnounced) instead of refusing it.
        Uni<Void> announced = opening && key.name().equals("ref") ? links.awaitAnnounced(key.value(), clients.client(request)) : Uni.createFrom().voidItem();
        return announced.chain(() -> Panache.withSession(() -> withLink(key, opening, (link, shop, lang, prefill) ->
                Uni.createFrom().item(page(200, Templates.form(shop, link, key, List.of(), lang, prefill, SCALE), lang)))));
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @WithTransaction
    @Operation(summary = "Send the review form (form-encoded); answers the thank-you page, or the form with its problems")
    public Uni<Response> submit(MultivaluedMap<String, String> form, @HeaderParam("Origin") String origin,
                                @HeaderParam("Accept-Language") String acceptLanguage, @Context HttpServerRequest request) {
        LinkKey key = key(form.getFirst("ref"), form.getFirst("token"));
        return withLink(key, false, (link, shop, lang, prefill) -> {
            String client = clients.client(request);
            if (!limiter.tryAcquire(client, shop.id())) {
                return Uni.createFrom().item(Response.status(429).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8"))
                        .entity("Too many requests from this address for this webshop. Please wait a minute and try again.\n").build());
            }
            String host = request.getHeader("Host");
            if (!origins.allowed(origin, shop, host == null ? null : request.scheme() + "://" + host)) {
                return Uni.createFrom().item(Response.status(403).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8"))
                        .entity("This form must be sent from the review page itself.\n").build());
            }
            List<String> errors = new ArrayList<>();
            int rating = scale(form.getFirst("rating"), "rating", errors);
            int[] sub = new int[4];
            for (int i = 0; i < 4; i++) {
                sub[i] = scale(form.getFirst(SUBS.get(i)), SUBS.get(i), errors);
            }
            // common's field rules, as ratings-service checks the review: what this form accepts is stored there
            String comment = text(form.getFirst("comment"), "comment", errors);
            String name = ReviewerName.normalise(form.getFirst("name"));
            String nameProblem = ReviewerName.invalid(form.getFirst("name"));
            if (nameProblem != null) {
                errors.add(nameProblem);
            }
            List<ReviewSubmitted.ProductReview> products = new ArrayList<>();
            List<ReviewLink.Product> linked = link.products() == null ? List.of() : link.products();
            for (int i = 0; i < linked.size(); i++) {
                String value = form.getFirst("product_rating_" + i);
                String productText = text(form.getFirst("product_text_" + i), "product_text_" + i, errors);
                if (value == null || value.isBlank()) {
                    continue;
                }
                int productRating = scale(value, "product_rating_" + i, errors);
                ReviewLink.Product p = linked.get(i);
                products.add(new ReviewSubmitted.ProductReview(p.id(), p.name(), p.url(), p.imageUrl(), p.sku(), p.gtin(), productRating, productText));
            }
            if (!EmailAddress.valid(link.email())) {
                errors.add("The review link has no valid e-mail address.");
            }
            if (OrderNumber.problem(link.orderNumber()) != null) {
                errors.add("The review link has no valid order number.");
            }
            if (!errors.isEmpty()) {
                return Uni.createFrom().item(page(400, Templates.form(shop, link, key, errors, lang, prefill, SCALE), lang));
            }
            BrowserInput.WrittenReview written = new BrowserInput.WrittenReview(rating, new SubRatings(sub[0], sub[1], sub[2], sub[3]),
                    comment, name, EmailAddress.normalise(link.email()));
            ReviewSubmitted review = Submissions.submitted(shop.id(), ReviewSubmitted.ORIGIN_INVITATION, link.invitationId(),
                    OrderNumber.normalise(link.orderNumber()), written, Countries.guess(acceptLanguage, shop.shop().address() == null ? null : shop.shop().address().country()),
                    lang, products.isEmpty() ? null : products, client);
            return submissions.review(review).replaceWith(page(200, Templates.thanks(shop, lang), lang));
        });
    }

    interface WithLink {
        Uni<Response> apply(ReviewLink link, ShopDisplay shop, String lang, Prefill prefill);
    }

    private static LinkKey key(String ref, String token) {
        return ref != null || token == null ? new LinkKey("ref", ref) : new LinkKey("token", token);
    }

    /**
     * {@code opening}: the form is being opened (GET), so a usable known link never opened before gets its
     * {@code opened_at} in the statement that reads it (signed legacy links are not stored, so not recorded).
     */
    private Uni<Response> withLink(LinkKey key, boolean opening, WithLink then) {
        if (key.name().equals("token")) {
            return withSignedLink(key.value(), then);
        }
        Instant now = Instant.now();
        return (opening ? links.open(key.value(), now) : links.find(key.value(), now)).chain(found -> {
            if (found instanceof ReviewLinks.Usable usable) {
                return withShop(usable.link(), then);
            }
            boolean expired = found instanceof ReviewLinks.Expired;
            return Uni.createFrom().item(linkProblem(expired, expired ? ((ReviewLinks.Expired) found).language() : null));
        });
    }

    private static Response linkProblem(boolean expired, String language) {
        String lang = Languages.supported(language) ? language : Languages.FALLBACK;
        return page(expired ? 410 : 400, Templates.linkProblem(expired, lang), lang);
    }

    /** Links of mails sent before the opaque references: the whole {@link ReviewLink}, signed. */
    private Uni<Response> withSignedLink(String token, WithLink then) {
        Optional<ReviewLink> genuine = tokens.verify(token, ReviewLink.class);
        if (genuine.isEmpty()) {
            return Uni.createFrom().item(page(400, Templates.linkProblem(false, Languages.FALLBACK), Languages.FALLBACK));
        }
        ReviewLink link = genuine.get();
        String lang = Languages.supported(link.language()) ? link.language() : Languages.FALLBACK;
        if (tokens.verifyReviewLink(token, Instant.now()).isEmpty()) {
            return Uni.createFrom().item(page(410, Templates.linkProblem(true, lang), lang));
        }
        return withShop(link, then);
    }

    private Uni<Response> withShop(ReviewLink link, WithLink then) {
        String lang = Languages.supported(link.language()) ? link.language() : Languages.FALLBACK;
        return views.find(link.webshopId(), 0).chain(view -> {
            if (view instanceof ShopView.Deactivated deactivated) {
                // form and POST alike: nothing is shown to fill in and nothing is published
                return Uni.createFrom().item(page(403, Templates.notCollecting(deactivated.shop().name(), lang), lang));
            }
            if (!(view instanceof ShopView.Shown shown)) {
                return Uni.createFrom().item(page(404, Templates.linkProblem(false, lang), lang));
            }
            return ShownReview.byInvitation(link.webshopId(), link.invitationId()).chain(existing -> {
                Instant until = existing == null ? null : writtenAt(existing).plus(editWindow);
                return until != null && until.isBefore(Instant.now())
                        ? Uni.createFrom().item(page(410, Templates.reviewClosed(lang), lang))
                        : then.apply(link, shown.display(), lang, Prefill.of(link, existing, until));
            });
        });
    }

    /** When the review was written ({@code created} of the read model, UTC); now when it cannot be read. */
    private static Instant writtenAt(ShownReview review) {
        return Times.parseDatetime(review.created).orElseGet(Instant::now);
    }

    private static int scale(String value, String field, List<String> errors) {
        Integer rating = Rating.parse(value);
        if (rating == null) {
            errors.add(Rating.invalid(field));
            return 0;
        }
        return rating;
    }

    /** Review text (comment, a product's text) by common's {@link ReviewText} rule, normalised; null when blank. */
    private static String text(String value, String field, List<String> errors) {
        String problem = ReviewText.invalid(field, value);
        if (problem != null) {
            errors.add(problem);
            return null;
        }
        return ReviewText.normalise(value);
    }

    static Response page(int status, TemplateInstance page, String lang) {
        String html = page.setAttribute("locale", Languages.locale(lang)).render();
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html)
                .header("Cache-Control", "no-store").build();
    }
}
