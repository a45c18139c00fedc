package dev.shopreviews.embed.web;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.Response;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/** Cache headers of the public, cacheable parts: Cache-Control max-age, a strong ETag of the body, 304 on a match. */
public final class Caching {
    private Caching() {
    }

    public static Response cached(String body, String mediaType, Duration maxAge, String ifNoneMatch) {
        String tag = etag(body.getBytes(StandardCharsets.UTF_8));
        String cacheControl = cacheControl(maxAge);
        if (ifNoneMatch != null && matches(ifNoneMatch, tag)) {
            return Response.notModified(new EntityTag(tag)).header("Cache-Control", cacheControl).build();
        }
        return Response.ok(body, mediaType).tag(new EntityTag(tag)).header("Cache-Control", cacheControl).build();
    }

    /**
     * Sends a {@link Rendered} body as it is stored: the precompressed bytes with {@code Content-Encoding: gzip} when
     * {@code gzip} (see {@link #precompressed}), the plain bytes otherwise; {@code Vary: Accept-Encoding} always; 304
     * on a matching If-None-Match.
     */
    public static Response serve(Rendered rendered, boolean gzip, String ifNoneMatch) {
        EntityTag tag = new EntityTag(rendered.etag());
        if (ifNoneMatch != null && matches(ifNoneMatch, rendered.etag())) {
            return Response.notModified(tag).header("Cache-Control", rendered.cacheControl()).header("Vary", "Accept-Encoding").build();
        }
        Response.ResponseBuilder response = Response.ok(gzip ? rendered.gzipped() : rendered.plain(), rendered.mediaType())
                .tag(tag).header("Cache-Control", rendered.cacheControl())
                .header("Vary", "Accept-Encoding");
        return gzip ? response.header("Content-Encoding", "gzip").build() : response.build();
    }

    /**
     * Whether to answer {@code request} with a precompressed gzip body: the client accepts gzip and the connection is
     * HTTP/1.x. There a set Content-Encoding keeps Vert.x's compression (quarkus.http.enable-compression) off the
     * response: Netty's HttpContentCompressor passes a response that already has one through unchanged. On HTTP/2,
     * Vert.x 4.5 takes a set Content-Encoding as the coding to apply and would compress the body a second time
     * (eclipse-vertx/vert.x#5371, netty/netty#9158), so there the plain body goes out and Vert.x compresses it per
     * request as before. The gateway speaks HTTP/1.1 to the services.
     */
    public static boolean precompressed(HttpServerRequest request) {
        return request.version() != HttpVersion.HTTP_2 && acceptsGzip(request.headers().getAll(HttpHeaders.ACCEPT_ENCODING));
    }

    /**
     * Whether an Accept-Encoding request header (all its field lines) allows gzip (RFC 9110 12.5.3): {@code gzip} or
     * {@code x-gzip} with a q-value above 0, or, when neither is named, {@code *} above 0. {@code gzip;q=0} refuses it;
     * no header at all means no compression.
     */
    public static boolean acceptsGzip(List<String> acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        double gzip = -1;
        double any = -1;
        for (String line : acceptEncoding) {
            if (line == null) {
                continue;
            }
            for (String element : line.split(",")) {
                int semicolon = element.indexOf(';');
                String coding = (semicolon < 0 ? element : element.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
                double q = semicolon < 0 ? 1 : quality(element.substring(semicolon + 1));
                if (coding.equals("gzip") || coding.equals("x-gzip")) {
                    gzip = Math.max(gzip, q);
                } else if (coding.equals("*")) {
                    any = Math.max(any, q);
                }
            }
        }
        return gzip >= 0 ? gzip > 0 : any > 0;
    }

    /** The q parameter of an Accept-Encoding element's parameters (1 without one; 0 when it cannot be read). */
    private static double quality(String parameters) {
        for (String parameter : parameters.split(";")) {
            int equals = parameter.indexOf('=');
            if (equals > 0 && parameter.substring(0, equals).trim().equalsIgnoreCase("q")) {
                try {
                    double q = Double.parseDouble(parameter.substring(equals + 1).trim());
                    return q >= 0 && q <= 1 ? q : 0;
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }

    static String cacheControl(Duration maxAge) {
        return "public, max-age=" + maxAge.toSeconds();
    }

    private static boolean matches(String header, String tag) {
        for (String candidate : header.split(",")) {
            String value = candidate.trim();
            if (value.startsWith("W/")) {
                value = value.substring(2);
            }
            if (value.equals("*") || value.equals("\"" + tag + "\"")) {
                return true;
            }
        }
        return false;
    }

    static String etag(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
