package dev.shopreviews.invitations.dashboard.service;

import dev.shopreviews.common.api.EnvelopeException;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 records of a CSV text: fields separated by commas, records by CRLF or LF; a field in double quotes may
 * hold commas, line breaks and doubled quotes ({@code ""}). Blank lines are skipped. A quote left open, or text
 * after a closing quote, refuses the whole file (400).
 */
final class CsvRecords {
    /** One record and the line (1-based) it starts on. */
    record Record(int line, List<String> fields) {
    }

    private CsvRecords() {
    }

    static List<Record> parse(String text, int maxRecords) {
        List<Record> records = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int line = 1;
        int recordLine = 1;
        boolean quoted = false;
        boolean wasQuoted = false;
        boolean recordHasContent = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                    i++;
                    continue;
                }
                if (c == '\n') {
                    line++;
                }
                field.append(c);
                i++;
                continue;
            }
            if (c == '"') {
                if (field.length() > 0 || wasQuoted) {
                    throw EnvelopeException.invalid("Line " + line + ": a quote may only open a field (RFC 4180); "
                            + "write a quote inside a quoted field as two quotes.");
                }
                quoted = true;
                wasQuoted = true;
                recordHasContent = true;
                i++;
                continue;
            }
            if (wasQuoted && c != ',' && c != '\r' && c != '\n') {
                throw EnvelopeException.invalid("Line " + line + ": text after a closing quote (RFC 4180).");
            }
            if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                wasQuoted = false;
                recordHasContent = true;
                i++;
                continue;
            }
            if (c == '\r' || c == '\n') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                i++;
                if (recordHasContent || field.length() > 0) {
                    fields.add(field.toString());
                    add(records, new Record(recordLine, fields), maxRecords);
                    fields = new ArrayList<>();
                }
                field.setLength(0);
                wasQuoted = false;
                recordHasContent = false;
                line++;
                recordLine = line;
                continue;
            }
            field.append(c);
            i++;
        }
        if (quoted) {
            throw EnvelopeException.invalid("Line " + recordLine + ": a quoted field is not closed.");
        }
        if (recordHasContent || field.length() > 0) {
            fields.add(field.toString());
            add(records, new Record(recordLine, fields), maxRecords);
        }
        return records;
    }

    private static void add(List<Record> records, Record record, int maxRecords) {
        if (records.size() >= maxRecords) {
            throw new EnvelopeException(413, "The file has too many rows (at most " + (maxRecords - 1)
                    + " orders below the header).");
        }
        records.add(record);
    }
}
