package dev.shopreviews.common.csv;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What spreadsheets in the shops' countries write is read as they meant it; what is not text or not CSV is refused. */
class CsvTextTest {
    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    @Test
    void excelInTheNetherlandsWritesSemicolonsInWindows1252() {
        byte[] file = "email;name;products\r\nanna@example.nl;Anna Müller;\"KET-1|Ketel;MUG-2|Mok\"\r\n".getBytes(WINDOWS_1252);
        List<CsvText.Record> records = CsvText.parse(CsvText.decode(file), 10);
        assertEquals(List.of("email", "name", "products"), records.get(0).fields());
        assertEquals(List.of("anna@example.nl", "Anna Müller", "KET-1|Ketel;MUG-2|Mok"), records.get(1).fields());
    }

    @Test
    void excelsUnicodeTextIsUtf16WithTabs() {
        byte[] file = ("\uFEFFemail\tname\nzoë@example.de\tZoë\n").getBytes(StandardCharsets.UTF_16LE);
        List<CsvText.Record> records = CsvText.parse(CsvText.decode(file), 10);
        assertEquals(List.of("zoë@example.de", "Zoë"), records.get(1).fields());
    }

    @Test
    void aUtf8ByteOrderMarkIsNotPartOfTheFirstColumn() {
        byte[] file = "\uFEFFemail,name\nx@example.com,Ŀukas\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("email", "name"), CsvText.parse(CsvText.decode(file), 10).get(0).fields());
    }

    @Test
    void theSeparatorIsTheOneTheHeaderUsesOutsideQuotes() {
        assertEquals(',', CsvText.separator("\"a;b\",c\n1;2;3;4\n"));
        assertEquals(';', CsvText.separator("a;b;c,d\n"));
        assertEquals('\t', CsvText.separator("a\tb\n"));
        assertEquals(',', CsvText.separator("email\n"));
    }

    @Test
    void recordsKnowTheLineTheyStartOnAndBlankLinesAreSkipped() {
        List<CsvText.Record> records = CsvText.parse("a,b\n\n\"x\ny\",z\r\n2,3\n", 10);
        assertEquals(List.of(1, 3, 5), records.stream().map(CsvText.Record::line).toList());
        assertEquals(List.of("x\ny", "z"), records.get(1).fields());
    }

    @Test
    void whatIsNotCsvTextIsRefusedWithTheLineAndTheReason() {
        assertEquals("Line 2: a quoted field is not closed.",
                assertThrows(CsvText.Malformed.class, () -> CsvText.parse("a,b\n1,\"open\n", 10)).getMessage());
        assertEquals("Line 1: text after a closing quote (RFC 4180).",
                assertThrows(CsvText.Malformed.class, () -> CsvText.parse("\"a\"b,c\n", 10)).getMessage());
        assertThrows(CsvText.Malformed.class, () -> CsvText.parse("a\"b,c\n", 10));
        assertEquals("The file is not text: save it from the spreadsheet as CSV.",
                assertThrows(CsvText.Malformed.class, () -> CsvText.decode(new byte[]{'P', 'K', 3, 4, 0, 0})).getMessage());
        assertEquals("The file must be UTF-8 or Windows-1252 text.",
                assertThrows(CsvText.Malformed.class, () -> CsvText.decode(new byte[]{'a', (byte) 0x81, '\n'})).getMessage());
        assertThrows(CsvText.TooManyRecords.class, () -> CsvText.parse("a\n1\n2\n3\n", 3));
    }

    @Property(tries = 300)
    void whatASpreadsheetWritesIsReadBackFieldForField(@ForAll("tables") List<List<String>> table,
                                                       @ForAll("separators") char separator,
                                                       @ForAll("encodings") String encoding) {
        String text = table.stream().map(record -> record.stream().map(CsvTextTest::quoted)
                .collect(Collectors.joining(String.valueOf(separator)))).collect(Collectors.joining("\r\n")) + "\r\n";
        byte[] file = switch (encoding) {
            case "utf-8" -> text.getBytes(StandardCharsets.UTF_8);
            case "utf-8-bom" -> ("\uFEFF" + text).getBytes(StandardCharsets.UTF_8);
            case "utf-16" -> ("\uFEFF" + text).getBytes(StandardCharsets.UTF_16LE);
            default -> text.getBytes(WINDOWS_1252);
        };
        // A Windows-1252 file whose bytes happen to be valid UTF-8 as well ("é–€" is) reads as UTF-8, as it must.
        Assume.that(!encoding.equals("windows-1252") || text.chars().allMatch(c -> c < 128) || !isUtf8(file));
        List<List<String>> read = CsvText.parse(CsvText.decode(file), 100).stream().map(CsvText.Record::fields).toList();
        assertEquals(table, read);
    }

    private static boolean isUtf8(byte[] file) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(file));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String quoted(String field) {
        return "\"" + field.replace("\"", "\"\"") + "\"";
    }

    @Provide
    Arbitrary<List<List<String>>> tables() {
        // Characters Windows-1252 has (so every encoding can carry them), separators, quotes and line breaks among them.
        Arbitrary<String> field = Arbitraries.strings().withChars("abcXYZ019 éëüßøÆ€–\",;\t\r\n|").ofMaxLength(12);
        return Arbitraries.integers().between(1, 5).flatMap(width ->
                field.list().ofSize(width).list().ofMinSize(1).ofMaxSize(8));
    }

    @Provide
    Arbitrary<Character> separators() {
        return Arbitraries.of(',', ';', '\t');
    }

    @Provide
    Arbitrary<String> encodings() {
        return Arbitraries.of("utf-8", "utf-8-bom", "utf-16", "windows-1252");
    }
}
