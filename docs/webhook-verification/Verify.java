// Verifies a webhook delivery of Shop reviews: X-Hash is the lowercase hex HMAC-SHA256 of the raw request body,
// keyed with the subscription's secret as text (its UTF-8 bytes; the 64 hex characters are NOT hex-decoded).
//   java Verify.java <secret> <X-Hash header> [body file] < body      (JDK 17; body from stdin when no file is given)
// Exit 0: valid. Exit 1: invalid. Exit 2: wrong usage.
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;

public class Verify {
    public static boolean valid(String secret, String xHash, byte[] rawBody) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byte[] expected = HexFormat.of().formatHex(mac.doFinal(rawBody)).getBytes(StandardCharsets.US_ASCII);
        byte[] received = xHash.trim().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, received); // constant time
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: java Verify.java <secret> <X-Hash> [body file] < body");
            System.exit(2);
        }
        byte[] body = args.length == 3 ? Files.readAllBytes(Path.of(args[2])) : System.in.readAllBytes();
        boolean ok = valid(args[0], args[1], body);
        System.out.println(ok ? "valid" : "INVALID signature");
        System.exit(ok ? 0 : 1);
    }
}
