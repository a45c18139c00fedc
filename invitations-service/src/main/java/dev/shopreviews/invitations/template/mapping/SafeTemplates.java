package dev.shopreviews.invitations.template.mapping;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;
import io.quarkus.qute.Engine;
import io.quarkus.qute.Expression;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.IfSectionHelper;
import io.quarkus.qute.LoopSectionHelper;
import io.quarkus.qute.SectionBlock;
import io.quarkus.qute.SectionNode;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateException;
import io.quarkus.qute.TemplateNode;
import io.quarkus.qute.ValueResolvers;
import io.quarkus.qute.Variant;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Shops' own e-mail templates, evaluated safely: a dedicated Qute engine (not the application's) that knows only the
 * {@code if} and {@code for}/{@code each} sections and one value resolver (the template's data map), so a template
 * can reach nothing but the fixed {@link MailVariables}: no beans, no namespaces ({@code inject:}, {@code config:}),
 * no includes, no methods or properties. Before a template is stored or previewed every expression is checked against
 * the allowed names (a loop may only go through {@code products}, never nested), then it is rendered with sample data,
 * with and without a name and products, and both parts must show the review link and the opt-out link. HTML output
 * is escaped; the plain-text part is not; the subject is one line.
 */
public final class SafeTemplates {
    public static final int SUBJECT_MAX = 200;
    public static final int HTML_MAX = 50_000;
    public static final int TEXT_MAX = 20_000;
    private static final Set<String> LOOP_METADATA = Set.of("count", "index", "hasNext", "isFirst", "isLast", "odd", "even");
    private static final String ALLOWED = "shop_name, customer_name, review_link, opt_out_link and products";

    private static final Engine ENGINE = Engine.builder()
            .addSectionHelper(new IfSectionHelper.Factory())
            .addSectionHelper(new LoopSectionHelper.Factory())
            .addValueResolver(ValueResolvers.mapperResolver())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .strictRendering(true)
            .build();

    /** The three parts, parsed and checked. */
    public record Checked(Template subject, Template html, Template text) {
    }

    private SafeTemplates() {
    }

    /**
     * Checks {@code source} as a shop's template: a 400 envelope naming the part and the problem, else the parsed
     * parts. {@code sample} and {@code minimal} are rendered (they must hold distinct review and opt-out links).
     */
    public static Checked check(TemplateSource source, MailVariables sample, MailVariables minimal) {
        Checked checked = parse(source);
        for (MailVariables variables : List.of(sample, minimal)) {
            RenderedMail rendered = render(checked, variables, true);
            requireLinks("html", rendered.html(), variables);
            requireLinks("text", rendered.text(), variables);
        }
        return checked;
    }

    /** Parses and checks the expressions of a stored template (checked when it was saved). */
    public static Checked parse(TemplateSource source) {
        Template subject = part("subject", source.subject(), SUBJECT_MAX, TextInput.Kind.LINE, Variant.TEXT_PLAIN, MailVariables.SUBJECT);
        Template html = part("html", source.html(), HTML_MAX, TextInput.Kind.TEXT, Variant.TEXT_HTML, MailVariables.BODY);
        Template text = part("text", source.text(), TEXT_MAX, TextInput.Kind.TEXT, Variant.TEXT_PLAIN, MailVariables.BODY);
        return new Checked(subject, html, text);
    }

    /** Renders the three parts; a failure is a 400 envelope when {@code checking}, else an IllegalStateException. */
    public static RenderedMail render(Checked checked, MailVariables variables, boolean checking) {
        return new RenderedMail(
                render("subject", checked.subject(), variables, checking).strip(),
                render("html", checked.html(), variables, checking),
                render("text", checked.text(), variables, checking));
    }

    private static String render(String part, Template template, MailVariables variables, boolean checking) {
        try {
            var instance = template.instance();
            variables.data().forEach(instance::data);
            return instance.render();
        } catch (TemplateException failed) {
            if (checking) {
                throw EnvelopeException.invalid(part + " cannot be rendered: " + firstLine(failed.getMessage()) + ".");
            }
            throw new IllegalStateException("Stored " + part + " template failed: " + failed.getMessage(), failed);
        }
    }

    private static Template part(String name, String source, int max, TextInput.Kind kind, String contentType,
                                 Set<String> allowed) {
        if (source == null || source.isBlank()) {
            throw EnvelopeException.invalid(name + " is required.");
        }
        String why = TextInput.problem(source, kind);
        if (why == null && kind == TextInput.Kind.LINE && source.chars().anyMatch(c -> c == '\u2028' || c == '\u2029' || c == '\u0085')) {
            why = "must be a single line";
        }
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid(name, why));
        }
        if (source.length() > max) {
            throw EnvelopeException.invalid(name + " is too long (at most " + max + " characters).");
        }
        Template template;
        try {
            template = ENGINE.parse(source, Variant.forContentType(contentType));
        } catch (TemplateException syntax) {
            throw EnvelopeException.invalid(name + " is not a valid template: " + firstLine(syntax.getMessage()) + ".");
        }
        Set<String> names = new HashSet<>(allowed);
        checkLoops(name, template.getNodes(), false, names, allowed.contains(MailVariables.PRODUCTS));
        for (Expression expression : template.getExpressions()) {
            checkExpression(name, expression, names);
        }
        return template;
    }

    /** Loops go through products only, never inside another loop; their variables (and metadata) become allowed names. */
    private static void checkLoops(String part, List<TemplateNode> nodes, boolean inLoop, Set<String> names, boolean loopsAllowed) {
        for (TemplateNode node : nodes) {
            if (!node.isSection()) {
                continue;
            }
            SectionNode section = node.asSection();
            boolean loop = section.getHelper() instanceof LoopSectionHelper;
            if (loop) {
                SectionBlock block = section.getBlocks().get(0);
                if (!loopsAllowed || inLoop || !MailVariables.PRODUCTS.equals(block.parameters.get("iterable"))) {
                    throw EnvelopeException.invalid(part + ": a loop may only go through products, and not inside another loop"
                            + (loopsAllowed ? "." : " (the subject has none)."));
                }
                String alias = block.parameters.getOrDefault("alias", "it");
                names.add(alias);
                LOOP_METADATA.forEach(key -> names.add(alias + "_" + key));
            }
            for (SectionBlock block : section.getBlocks()) {
                checkLoops(part, block.nodes, inLoop || loop, names, loopsAllowed);
            }
        }
    }

    private static void checkExpression(String part, Expression expression, Set<String> names) {
        if (expression.isLiteral()) {
            return;
        }
        String shown = "{" + expression.toOriginalString() + "}";
        if (expression.hasNamespace() || expression.getParts().size() != 1 || expression.getParts().get(0).getName().contains("(")) {
            throw EnvelopeException.invalid(part + " uses " + shown
                    + ": a template may only show the variables themselves (no namespaces, properties or methods).");
        }
        if (!names.contains(expression.getParts().get(0).getName())) {
            throw EnvelopeException.invalid(part + " uses the unknown variable " + shown + ": only " + ALLOWED
                    + " are known (and the loop's own variable).");
        }
    }

    private static void requireLinks(String part, String rendered, MailVariables variables) {
        if (!rendered.contains(variables.reviewLink())) {
            throw EnvelopeException.invalid(part + " must show the review link {review_link} (also without a customer name or products).");
        }
        if (!rendered.contains(variables.optOutLink())) {
            throw EnvelopeException.invalid(part + " must show the opt-out link {opt_out_link} (also without a customer name or products).");
        }
    }

    private static String firstLine(String message) {
        String text = message == null ? "unknown error" : message.strip();
        int end = text.indexOf('\n');
        text = end < 0 ? text : text.substring(0, end);
        text = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
        return text.length() > 300 ? text.substring(0, 300) : text;
    }
}
