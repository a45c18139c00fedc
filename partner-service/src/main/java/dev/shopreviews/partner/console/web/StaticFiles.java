package dev.shopreviews.partner.console.web;

import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The browser pages partner-service serves from its jar (operator console, shop dashboard): read once, sent as they are. */
public final class StaticFiles {
    private StaticFiles() {
    }

    /** The file's bytes; a missing file fails the start, not a request. */
    public static byte[] read(String folder, String name) {
        try (InputStream in = StaticFiles.class.getResourceAsStream("/" + folder + "/" + name)) {
            if (in == null) {
                throw new IllegalStateException(folder + "/" + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The answer with the page's Content-Security-Policy; revalidated on every load, never sent to other sites as Referer. */
    public static Response answer(byte[] body, String type, String policy) {
        return Response.ok(body, type).header("Content-Security-Policy", policy).header("Referrer-Policy", "same-origin")
                .header("X-Content-Type-Options", "nosniff").header("Cache-Control", "no-cache").build();
    }
}
