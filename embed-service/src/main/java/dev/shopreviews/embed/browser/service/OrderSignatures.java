package dev.shopreviews.embed.browser.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shopreviews.common.events.WebshopSnapshot;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The signature the shop plugins put in their order data (WooCommerce's {@code Hash}, Shopware's {@code ConsentData}):
 * hex HMAC-SHA512 over PHP's {@code http_build_query} of the order data without {@code signature} (its fields in the
 * page's order), keyed {@code "<webshop id>:<API code>"}. The API code comes from the encrypted copy in the webshop
 * snapshot ({@link ApiCodes}). A valid signature binds the consent and its review to the order (the consent's
 * {@code orders.confirmed}); an invalid one is refused; without a signature, or for a shop whose snapshot has no copy
 * of its code (issued before copies were kept), the consent is recorded as before, unbound. docs/api-notes.md,
 * "Signed order data".
 */
@ApplicationScoped
public class OrderSignatures {
    private static final Logger LOG = Logger.getLogger(OrderSignatures.class);
    public static final String INVALID = "The order data's signature is not valid.";
    public static final String UNCHECKABLE = "The order data's signature cannot be checked right now. Please try again later.";

    /** What the signature says of the order data. */
    public enum Outcome {
        /** No signature was sent. */
        ABSENT,
        /** Signed, but the shop's snapshot has no copy of its API code: not checked, treated as unsigned. */
        UNCHECKED,
        /** Signed with the shop's API code: the order data is the shop's own. */
        VALID
    }

    /** The signature is wrong (refused with 403, nothing recorded). */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** The signature could not be checked although the shop has a copy of its code (503, nothing recorded). */
    public static final class Unavailable extends RuntimeException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause, false, false);
        }
    }

    private final ApiCodes codes;

    public OrderSignatures(ApiCodes codes) {
        this.codes = codes;
    }

    /**
     * Checks {@code signature} over {@code orderData} (the page's order-data object without the signature) for
     * {@code shop}; a signature of a shop without a copy of its code is {@link Outcome#UNCHECKED}.
     */
    public Outcome check(WebshopSnapshot shop, String signature, JsonNode orderData) {
        if (signature == null) {
            return Outcome.ABSENT;
        }
        Optional<String> code;
        try {
            code = codes.decrypt(shop.apiCodeCipher(), shop.webshopId());
        } catch (IllegalStateException e) {
            LOG.errorf("Order-data signature of webshop %d not checked: %s", shop.webshopId(), e.getMessage());
            throw new Unavailable(UNCHECKABLE, e);
        }
        if (code.isEmpty()) {
            LOG.infof("Order-data signature of webshop %d not checked: its API code predates the encrypted copy (rotate it)",
                    shop.webshopId());
            return Outcome.UNCHECKED;
        }
        if (orderData == null || !orderData.isObject()) {
            throw new Refused(INVALID);
        }
        String expected = sign(shop.webshopId(), code.get(), httpBuildQuery(orderData));
        byte[] given = signature.trim().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), given)) {
            throw new Refused(INVALID);
        }
        return Outcome.VALID;
    }

    /**
     * For validly signed order data: the consent must be of the order that was signed, and of its e-mail address when
     * one was signed (the pop-up then asks for none). Answers the signed address (null when none was signed), for
     * which the order is confirmed; a consent that is not what was signed is refused.
     */
    public static String boundEmail(long webshopId, JsonNode orderData, String orderNumber, String email, String reviewEmail) {
        if (!text(orderData.get("webshopId")).equals(String.valueOf(webshopId))
                || !text(orderData.get("orderNumber")).equals(orderNumber)) {
            throw new Refused(INVALID);
        }
        String signed = text(orderData.get("email"));
        if (signed.isEmpty()) {
            return null;
        }
        if (email == null || !email.equalsIgnoreCase(signed) || reviewEmail != null && !reviewEmail.equalsIgnoreCase(signed)) {
            throw new Refused(INVALID);
        }
        return signed;
    }

    private static String text(JsonNode value) {
        return value != null && (value.isTextual() || value.isIntegralNumber()) ? value.asText().trim() : "";
    }

    /** PHP's {@code hash_hmac('sha512', $query, "$webshopId:$code")}, lower-case hex. */
    static String sign(long webshopId, String code, String query) {
        try {
            Mac mac = Mac.getInstance("HmacSHA512");
            mac.init(new SecretKeySpec((webshopId + ":" + code).getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
            return HexFormat.of().formatHex(mac.doFinal(query.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA512 is not available", e);
        }
    }

    /**
     * PHP's {@code http_build_query($data)} of a flat object (PHP_QUERY_RFC1738): {@code key=value} joined by {@code &}
     * in the object's order, both {@code urlencode}d; null skipped, true 1, false 0, integers in decimal. Anything
     * else (a fraction, an array, an object) is not what the plugins sign: refused.
     */
    static String httpBuildQuery(JsonNode data) {
        StringBuilder out = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> fields = data.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode value = field.getValue();
            String text;
            if (value.isNull()) {
                continue;
            } else if (value.isTextual()) {
                text = value.asText();
            } else if (value.isBoolean()) {
                text = value.asBoolean() ? "1" : "0";
            } else if (value.isIntegralNumber()) {
                text = value.bigIntegerValue().toString();
            } else {
                throw new Refused(INVALID);
            }
            if (!out.isEmpty()) {
                out.append('&');
            }
            out.append(urlencode(field.getKey())).append('=').append(urlencode(text));
        }
        return out.toString();
    }

    /** PHP's {@code urlencode}: letters, digits and {@code -_.} kept, space as {@code +}, every other byte %XX. */
    static String urlencode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
                out.append((char) c);
            } else if (c == ' ') {
                out.append('+');
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
