package dev.shopreviews.common.testing;

import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Reads what the test GreenMail (a real SMTP server) received, through its REST API (config sr-test.mail-api). */
public final class Mailbox {

    /** One received e-mail: subject and the raw MIME text with quoted-printable decoded. */
    public record Mail(String subject, String text) {
        /** The first link to {@code path} with its query ({@code ?ref=...}). */
        public Optional<String> link(String path) {
            Matcher matcher = Pattern.compile("https?://[^\\s\"<>]*" + Pattern.quote(path) + "\\?[^\\s\"<>]+")
                    .matcher(text);
            return matcher.find() ? Optional.of(matcher.group().replace("&amp;", "&")) : Optional.empty();
        }

        /** The value of a header of the message (first occurrence), unfolded. */
        public Optional<String> header(String name) {
            Matcher matcher = Pattern.compile("(?im)^" + Pattern.quote(name) + ":[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)")
                    .matcher(text);
            return matcher.find() ? Optional.of(matcher.group(1).replaceAll("\\r?\\n[ \\t]+", " ").trim())
                    : Optional.empty();
        }
    }

    private Mailbox() {
    }

    public static List<Mail> messages(String email) {
        String api = ConfigProvider.getConfig().getValue("sr-test.mail-api", String.class);
        Response response = given().baseUri(api).basePath("").port(-1).get("/api/user/" + email + "/messages/");
        if (response.statusCode() != 200) {
            return List.of();
        }
        List<Map<String, Object>> list = response.jsonPath().getList("$");
        return list.stream().map(m -> new Mail((String) m.get("subject"), decode((String) m.get("mimeMessage")))).toList();
    }

    /** Waits until {@code email} received at least one mail; answers the first. */
    public static Mail awaitOne(String email) {
        return await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> messages(email), list -> !list.isEmpty()).get(0);
    }

    /**
     * The MIME text with each quoted-printable part decoded (soft line breaks, =XX bytes, read as UTF-8); 7bit and
     * other parts stay as they are (decoding them would turn a link's {@code ref=E3...} into a byte).
     */
    static String decode(String mime) {
        StringBuilder out = new StringBuilder();
        for (String part : mime.split("(?=\\r?\\n--)")) {
            int body = bodyStart(part);
            Matcher encoding = TRANSFER_ENCODING.matcher(part.substring(0, body));
            boolean quotedPrintable = encoding.find() && encoding.group(1).equalsIgnoreCase("quoted-printable");
            out.append(part, 0, body).append(quotedPrintable ? decodeQuotedPrintable(part.substring(body)) : part.substring(body));
        }
        return out.toString();
    }

    private static final Pattern TRANSFER_ENCODING = Pattern.compile("(?im)^Content-Transfer-Encoding:\\s*(\\S+)");

    private static int bodyStart(String part) {
        Matcher blank = Pattern.compile("\\r?\\n\\r?\\n").matcher(part);
        return blank.find() ? blank.end() : 0;
    }

    private static String decodeQuotedPrintable(String text) {
        String joined = text.replace("=\r\n", "").replace("=\n", "");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < joined.length(); i++) {
            char c = joined.charAt(i);
            if (c == '=' && i + 2 < joined.length() && isHex(joined.charAt(i + 1)) && isHex(joined.charAt(i + 2))) {
                bytes.write(Integer.parseInt(joined.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                byte[] raw = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(raw, 0, raw.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
    }
}
