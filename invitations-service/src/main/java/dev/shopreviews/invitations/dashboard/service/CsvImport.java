package dev.shopreviews.invitations.dashboard.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.common.csv.CsvText;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import dev.shopreviews.invitations.invitation.service.InvitationAdds;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The dashboard's CSV upload of orders. The file ({@link CsvText}: UTF-8, UTF-16 or Windows-1252; comma, semicolon
 * or tab) has a header row naming its columns in any order:
 * email (required), order, name (also customer_name), language, delay, products ({@code sku|name} pairs separated
 * by {@code ;}, sent as the spec's order_data products with the sku as product id). At most {@value #MAX_ROWS} rows
 * below the header and {@value #MAX_BYTES} bytes. Each row is checked, and added, exactly as one invitation of the
 * spec's POST ({@link InvitationAdds}), with its messages. A file that cannot be read as such (not CSV, no header,
 * an unknown column, empty, too large) is refused as a whole and nothing is stored.
 */
@ApplicationScoped
public class CsvImport {
    public static final int MAX_ROWS = 1_000;
    public static final int MAX_BYTES = 1_048_576;
    static final String VALID = "Valid.";
    static final String COLUMNS = "email, order, name, language, delay, products";
    private static final Set<String> KNOWN = Set.of("email", "order", "name", "language", "delay", "products");
    private static final Logger LOG = Logger.getLogger(CsvImport.class);

    private final DashboardInvitations dashboard;
    private final InvitationAdds adds;
    private final ObjectMapper mapper;

    public CsvImport(DashboardInvitations dashboard, InvitationAdds adds, ObjectMapper mapper) {
        this.dashboard = dashboard;
        this.adds = adds;
        this.mapper = mapper;
    }

    /** One row's result: status ok (valid; or, on import, already sent for this order), error or added. */
    public record RowResult(int line, String email, String order, String status, String message) {
    }

    public record Result(List<RowResult> rows, int valid, int invalid, int added) {
    }

    private record Parsed(int line, String email, String order, AddInvitationForm form, String problem) {
    }

    /**
     * Checks every row, and unless {@code dryRun} adds the valid ones (in file order). An import is audited once:
     * the owner, {@code invitation.csv_import}, {@code webshop:<id>}, the counts (no address or order); each row's add
     * commits on its own, so the entry follows them in a transaction of its own.
     */
    public Uni<Result> upload(Owner owner, long webshopId, String contentType, byte[] body, boolean dryRun) {
        return Uni.createFrom().deferred(() -> {
            List<Map<String, String>> rows = new ArrayList<>();
            List<CsvText.Record> records = read(contentType, body, rows);
            return dashboard.activeShop(webshopId).chain(shop -> {
                List<Parsed> parsed = new ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    parsed.add(check(shop, records.get(i + 1).line(), rows.get(i)));
                }
                if (dryRun) {
                    List<RowResult> checked = parsed.stream().map(row -> row.problem() == null
                            ? new RowResult(row.line(), row.email(), row.order(), "ok", VALID)
                            : new RowResult(row.line(), row.email(), row.order(), "error", row.problem())).toList();
                    return Uni.createFrom().item(result(checked));
                }
                return Multi.createFrom().iterable(parsed)
                        .onItem().transformToUniAndConcatenate(row -> add(shop, row))
                        .collect().asList().map(added -> result(added))
                        .call(result -> dashboard.audited(owner, webshopId, "invitation.csv_import", Map.of(
                                "rows", result.rows().size(), "added", result.added(), "invalid", result.invalid())));
            });
        });
    }

    private Uni<RowResult> add(WebshopReplica shop, Parsed row) {
        if (row.problem() != null) {
            return Uni.createFrom().item(new RowResult(row.line(), row.email(), row.order(), "error", row.problem()));
        }
        return adds.add(shop, row.form())
                .map(outcome -> new RowResult(row.line(), row.email(), row.order(), outcome.queued() ? "added" : "ok",
                        outcome.message()))
                .onFailure().recoverWithItem(failure -> {
                    String message = failure instanceof EnvelopeException known ? known.getMessage() : Messages.UNEXPECTED;
                    if (!(failure instanceof EnvelopeException)) {
                        LOG.error("Adding a row of a CSV upload failed", failure);
                    }
                    return new RowResult(row.line(), row.email(), row.order(), "error", message);
                });
    }

    private static Result result(List<RowResult> rows) {
        int invalid = (int) rows.stream().filter(row -> row.status().equals("error")).count();
        int added = (int) rows.stream().filter(row -> row.status().equals("added")).count();
        return new Result(rows, rows.size() - invalid, invalid, added);
    }

    /** The file's records (header first) and its rows by column name; 400/413 envelope for a file refused whole. */
    static List<CsvText.Record> read(String contentType, byte[] body, List<Map<String, String>> rows) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        String mediaType = type.split(";", 2)[0].trim();
        if (!mediaType.equals("text/csv")) {
            throw EnvelopeException.invalid("Upload the file as text/csv.");
        }
        List<CsvText.Record> records = records(body);
        List<String> columns = header(records.get(0));
        if (records.size() == 1) {
            throw EnvelopeException.invalid("The file has no orders below the header.");
        }
        for (CsvText.Record record : records.subList(1, records.size())) {
            Map<String, String> row = new HashMap<>();
            if (record.fields().size() != columns.size()) {
                row.put(WRONG_WIDTH, "The row has " + record.fields().size() + " fields; the header has "
                        + columns.size() + ".");
            }
            for (int i = 0; i < Math.min(columns.size(), record.fields().size()); i++) {
                row.put(columns.get(i), record.fields().get(i));
            }
            rows.add(row);
        }
        return records;
    }

    /** The body's records, header first; a file that cannot be read as CSV is refused whole (400, 413). */
    private static List<CsvText.Record> records(byte[] body) {
        // A declared charset is not trusted (browsers and tools declare what they like): CsvText reads the bytes.
        if (body == null || body.length == 0) {
            throw EnvelopeException.invalid("The file is empty.");
        }
        if (body.length > MAX_BYTES) {
            throw new EnvelopeException(413, "The file is too large (at most 1 MB).");
        }
        try {
            String text = CsvText.decode(body);
            if (text.isBlank()) {
                throw EnvelopeException.invalid("The file is empty.");
            }
            return CsvText.parse(text, MAX_ROWS + 1);
        } catch (CsvText.Malformed malformed) {
            throw EnvelopeException.invalid(malformed.getMessage());
        } catch (CsvText.TooManyRecords tooMany) {
            throw new EnvelopeException(413, "The file has too many rows (at most " + MAX_ROWS + " orders below the header).");
        }
    }

    /** Not a column name (no column name has a space). */
    private static final String WRONG_WIDTH = "wrong width";

    private static List<String> header(CsvText.Record header) {
        List<String> columns = new ArrayList<>();
        for (String field : header.fields()) {
            String name = field.trim().toLowerCase(Locale.ROOT);
            if (name.equals("customer_name")) {
                name = "name";
            }
            if (!KNOWN.contains(name)) {
                boolean namesEmail = header.fields().stream().anyMatch(f -> f.trim().equalsIgnoreCase("email"));
                throw EnvelopeException.invalid(!namesEmail
                        ? "The first line must be the header naming the columns: " + COLUMNS + " (email required)."
                        : "Unknown column in the header: " + shown(field) + ". The columns are " + COLUMNS + ".");
            }
            if (columns.contains(name)) {
                throw EnvelopeException.invalid("The header names the column " + name + " twice.");
            }
            columns.add(name);
        }
        if (!columns.contains("email")) {
            throw EnvelopeException.invalid("The first line must be the header naming the columns: " + COLUMNS
                    + " (email required).");
        }
        return columns;
    }

    /** A header field safe to echo: at most 40 characters, invisible ones replaced. */
    private static String shown(String field) {
        StringBuilder out = new StringBuilder();
        field.trim().codePoints().limit(40).forEach(cp -> out.appendCodePoint(Character.isISOControl(cp) ? '?' : cp));
        return "\"" + out + "\"";
    }

    private Parsed check(WebshopReplica shop, int line, Map<String, String> row) {
        String email = row.getOrDefault("email", "");
        String order = row.getOrDefault("order", "");
        try {
            if (row.containsKey(WRONG_WIDTH)) {
                throw EnvelopeException.invalid(row.get(WRONG_WIDTH));
            }
            AddInvitationForm form = new AddInvitationForm();
            form.email = row.get("email");
            form.order = row.get("order");
            form.customerName = row.get("name");
            form.language = row.get("language");
            form.delay = row.get("delay");
            form.orderData = orderData(row.get("products"));
            adds.check(shop, form);
            return new Parsed(line, email, order, form, null);
        } catch (EnvelopeException refused) {
            return new Parsed(line, email, order, null, refused.getMessage());
        }
    }

    /** {@code sku|name;sku|name} as the spec's order_data JSON, or null for none. */
    String orderData(String products) {
        if (products == null || products.isBlank()) {
            return null;
        }
        String why = TextInput.problem(products, TextInput.Kind.LINE);
        if (why != null) {
            throw EnvelopeException.invalid(TextInput.invalid("products", why));
        }
        ObjectNode order = mapper.createObjectNode();
        ArrayNode list = order.putArray("products");
        for (String product : products.split(";")) {
            if (product.isBlank()) {
                continue;
            }
            String[] parts = product.split("\\|", 2);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                throw EnvelopeException.invalid("products must be sku|name pairs separated by semicolons, "
                        + "for example KET-1|Blue kettle;MUG-2|Mug.");
            }
            list.addObject().put("id", parts[0].trim()).put("name", parts[1].trim()).put("sku", parts[0].trim());
        }
        try {
            return mapper.writeValueAsString(order);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
