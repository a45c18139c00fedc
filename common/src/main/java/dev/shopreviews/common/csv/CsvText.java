package dev.shopreviews.common.csv;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The suite's one reader of uploaded CSV files (the dashboard's order upload, the review import): the bytes as
 * spreadsheets write them and the records of RFC 4180 with the separator the file uses.
 * <ul>
 *   <li>Text: UTF-8 (with or without a byte order mark), UTF-16 with its byte order mark (Excel's "Unicode text"), else
 *   Windows-1252 (Excel's "CSV" in Western Europe). A file with a NUL byte is not text (a workbook, an image).</li>
 *   <li>Separator: the one of comma, semicolon (Excel where the decimal mark is a comma: nl, de, fr, …) and tab that
 *   the header line uses most, outside quotes; a comma when it has none.</li>
 *   <li>Records: a field in double quotes may hold separators, line breaks and doubled quotes; blank lines are
 *   skipped; a quote inside an unquoted field, text after a closing quote or a quote left open refuse the file.</li>
 * </ul>
 */
public final class CsvText {
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final List<Character> SEPARATORS = List.of(',', ';', '\t');

    /** One record and the line (1-based) it starts on. */
    public record Record(int line, List<String> fields) {
    }

    /** The file cannot be read as CSV text; the message says why, for the person who uploaded it. */
    public static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /** More records than the caller takes (the header counts as one). */
    public static final class TooManyRecords extends RuntimeException {
        TooManyRecords() {
            super(null, null, false, false);
        }
    }

    private CsvText() {
    }

    /** The file's text: see the class comment for the encodings read. */
    public static String decode(byte[] bytes) {
        if (utf16(bytes)) {
            return strict(bytes, StandardCharsets.UTF_16).orElseThrow(() -> new Malformed("The file is not valid UTF-16 text."));
        }
        for (byte b : bytes) {
            if (b == 0) {
                throw new Malformed("The file is not text: save it from the spreadsheet as CSV.");
            }
        }
        String text = strict(bytes, StandardCharsets.UTF_8)
                .or(() -> strict(bytes, WINDOWS_1252))
                .orElseThrow(() -> new Malformed("The file must be UTF-8 or Windows-1252 text."));
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The records of {@code text}, header first; {@link TooManyRecords} past {@code maxRecords}. */
    public static List<Record> parse(String text, int maxRecords) {
        return new Parser(text, separator(text), maxRecords).records();
    }

    /** The separator the first record uses most, outside quotes (a comma when none). */
    static char separator(String text) {
        int[] counts = new int[SEPARATORS.size()];
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '\n' || c == '\r')) {
                break;
            } else if (!quoted && SEPARATORS.contains(c)) {
                counts[SEPARATORS.indexOf(c)]++;
            }
        }
        int best = 0;
        for (int i = 1; i < counts.length; i++) {
            if (counts[i] > counts[best]) {
                best = i;
            }
        }
        return SEPARATORS.get(best);
    }

    private static boolean utf16(byte[] bytes) {
        return bytes.length >= 2 && ((bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE)
                || (bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF));
    }

    private static Optional<String> strict(byte[] bytes, Charset charset) {
        try {
            return Optional.of(charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** One pass over the text: a field at a time, a record at a time. */
    private static final class Parser {
        private final String text;
        private final char separator;
        private final int maxRecords;
        private final List<Record> records = new ArrayList<>();
        private List<String> fields = new ArrayList<>();
        private final StringBuilder field = new StringBuilder();
        private int line = 1;
        private int recordLine = 1;
        private boolean wasQuoted;
        private boolean recordHasContent;

        Parser(String text, char separator, int maxRecords) {
            this.text = text;
            this.separator = separator;
            this.maxRecords = maxRecords;
        }

        List<Record> records() {
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (c == '"') {
                    i = quotedField(i);
                } else if (c == separator) {
                    endField();
                    recordHasContent = true;
                    i++;
                } else if (c == '\r' || c == '\n') {
                    i += c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
                    endRecord();
                    line++;
                    recordLine = line;
                } else {
                    if (wasQuoted) {
                        throw new Malformed("Line " + line + ": text after a closing quote (RFC 4180).");
                    }
                    field.append(c);
                    i++;
                }
            }
            endRecord();
            return records;
        }

        /** Reads the quoted field opening at {@code start}; answers the index after its closing quote. */
        private int quotedField(int start) {
            if (field.length() > 0 || wasQuoted) {
                throw new Malformed("Line " + line + ": a quote may only open a field (RFC 4180); "
                        + "write a quote inside a quoted field as two quotes.");
            }
            wasQuoted = true;
            recordHasContent = true;
            int i = start + 1;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    return i + 1;
                }
                if (c == '\n') {
                    line++;
                }
                field.append(c);
                i++;
            }
            throw new Malformed("Line " + recordLine + ": a quoted field is not closed.");
        }

        private void endField() {
            fields.add(field.toString());
            field.setLength(0);
            wasQuoted = false;
        }

        private void endRecord() {
            if (recordHasContent || field.length() > 0) {
                endField();
                if (records.size() >= maxRecords) {
                    throw new TooManyRecords();
                }
                records.add(new Record(recordLine, List.copyOf(fields)));
            }
            fields = new ArrayList<>();
            field.setLength(0);
            wasQuoted = false;
            recordHasContent = false;
        }
    }
}
