package dev.shopreviews.ratings.imports.service;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.csv.CsvText;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A CSV file of reviews (read by {@link CsvText}: UTF-8, UTF-16 or Windows-1252, comma, semicolon or tab, RFC 4180
 * quoting; a header row naming the columns) as the tree
 * {@link ImportRequest#of} checks: the same rules and messages as the JSON import, "row N" counting data rows.
 */
public final class CsvImport {
    public static final List<String> COLUMNS = List.of("source_review_id", "created", "name", "email", "country",
            "language", "rating", "shippingtime", "customerservice", "pricequality", "aftersale", "comment",
            "verified_purchase");
    static final List<String> REQUIRED = List.of("source_review_id", "created", "name", "language", "rating");
    static final List<String> SUB_RATINGS = List.of("shippingtime", "customerservice", "pricequality", "aftersale");
    static final String EMPTY = "Invalid CSV: expected a header row and at least one review.";
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,9}");

    private CsvImport() {
    }

    public static ObjectNode toTree(byte[] csv, String source) {
        List<List<String>> records = records(csv == null ? new byte[0] : csv);
        if (records.size() < 2) {
            throw EnvelopeException.invalid(EMPTY);
        }
        List<String> header = records.get(0).stream().map(name -> name.trim().toLowerCase(Locale.ROOT)).toList();
        Set<String> seen = new HashSet<>();
        for (String name : header) {
            if (!COLUMNS.contains(name)) {
                throw EnvelopeException.invalid("Invalid CSV: unknown column \"" + truncate(name) + "\"; the columns are "
                        + String.join(", ", COLUMNS) + ".");
            }
            if (!seen.add(name)) {
                throw EnvelopeException.invalid("Invalid CSV: column " + name + " appears twice.");
            }
        }
        for (String name : REQUIRED) {
            if (!seen.contains(name)) {
                throw EnvelopeException.invalid("Invalid CSV: the column " + name + " is required.");
            }
        }
        if (records.size() - 1 > ImportRequest.MAX_ROWS) {
            throw EnvelopeException.invalid(ImportRequest.TOO_MANY);
        }
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        if (source != null) {
            tree.put("source", source);
        }
        ArrayNode reviews = tree.putArray("reviews");
        for (int i = 1; i < records.size(); i++) {
            reviews.add(review(header, records.get(i), i));
        }
        return tree;
    }

    private static ObjectNode review(List<String> header, List<String> fields, int row) {
        if (fields.size() != header.size()) {
            throw EnvelopeException.invalid(ImportRequest.REFUSED + "row " + row + ": has " + fields.size()
                    + " fields, the header " + header.size() + ".");
        }
        ObjectNode review = JsonNodeFactory.instance.objectNode();
        ObjectNode ratings = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i);
            String value = fields.get(i);
            if (value.isBlank()) {
                continue;
            }
            if (name.equals("rating") || SUB_RATINGS.contains(name)) {
                ObjectNode target = name.equals("rating") ? review : ratings;
                if (INTEGER.matcher(value.trim()).matches()) {
                    target.put(name, Integer.parseInt(value.trim()));
                } else {
                    target.put(name, value);
                }
            } else if (name.equals("verified_purchase") && (value.trim().equalsIgnoreCase("true")
                    || value.trim().equalsIgnoreCase("false"))) {
                review.put(name, Boolean.parseBoolean(value.trim().toLowerCase(Locale.ROOT)));
            } else {
                review.put(name, value);
            }
        }
        if (!ratings.isEmpty()) {
            review.set("ratings", ratings);
        }
        return review;
    }

    /** The file's records ({@link CsvText}: its encodings, separators and quoting), each a list of fields. */
    static List<List<String>> records(byte[] csv) {
        try {
            return CsvText.parse(CsvText.decode(csv), ImportRequest.MAX_ROWS + 1).stream().map(CsvText.Record::fields).toList();
        } catch (CsvText.Malformed malformed) {
            throw EnvelopeException.invalid("Invalid CSV: " + malformed.getMessage());
        } catch (CsvText.TooManyRecords tooMany) {
            throw EnvelopeException.invalid(ImportRequest.TOO_MANY);
        }
    }

    private static String truncate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }
}
