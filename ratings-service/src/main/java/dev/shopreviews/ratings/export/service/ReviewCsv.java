package dev.shopreviews.ratings.export.service;

import dev.shopreviews.common.events.RatingItem;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The export as CSV (RFC 4180: comma-separated, every field quoted, quotes doubled, CRLF line ends), one review a
 * line with the ratings.json item's fields. A text field that a spreadsheet would run as a formula (it starts with
 * =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a reviewer's name cannot become a formula on
 * the owner's computer (OWASP, CSV injection).
 */
public final class ReviewCsv {
    public static final String HEADER = line(Stream.of("id", "created", "date", "name", "email", "order_number", "rating",
            "shippingtime", "customerservice", "pricequality", "aftersale", "comment", "country", "language", "read",
            "quarantine", "verified", "reaction"));

    private ReviewCsv() {
    }

    public static String row(RatingItem item) {
        return line(Stream.of(String.valueOf(item.id()), item.created(), item.date(), text(item.name()), text(item.email()),
                text(item.orderNumber()), String.valueOf(item.rating()), String.valueOf(item.ratings().shippingtime()),
                String.valueOf(item.ratings().customerservice()), String.valueOf(item.ratings().pricequality()),
                String.valueOf(item.ratings().aftersale()), text(item.comment()), text(item.country()),
                text(item.language()), String.valueOf(item.read()), String.valueOf(item.quarantine()),
                String.valueOf(item.verified()), text(item.reaction())));
    }

    /** A value a person typed, made inert for spreadsheets. */
    static String text(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        return "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }

    private static String line(Stream<String> fields) {
        return fields.map(field -> "\"" + (field == null ? "" : field.replace("\"", "\"\"")) + "\"")
                .collect(Collectors.joining(",")) + "\r\n";
    }

    static List<String> columns() {
        return List.of(HEADER.trim().replace("\"", "").split(","));
    }
}
