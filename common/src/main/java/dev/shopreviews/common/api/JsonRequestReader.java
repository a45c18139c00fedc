package dev.shopreviews.common.api;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Reads an endpoint's {@link JsonRequest} parameter, whatever the request's content type (the endpoints have always
 * read their bodies as JSON without asking for the header): bound by {@link RequestBodies}, checked by the
 * parameter's {@code @Valid} ({@link BodyViolationMapper}). Only records marked {@link JsonRequest}: every other body
 * keeps Quarkus's readers.
 */
@Provider
@Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
public class JsonRequestReader implements MessageBodyReader<Record> {
    private final RequestBodies bodies;

    public JsonRequestReader(RequestBodies bodies) {
        this.bodies = bodies;
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type.isRecord() && type.isAnnotationPresent(JsonRequest.class);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Record readFrom(Class<Record> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> httpHeaders, InputStream entityStream) throws IOException {
        String body = new String(entityStream.readAllBytes(), charset(mediaType));
        return bodies.bind(body, (Class) type);
    }

    private static Charset charset(MediaType mediaType) {
        String named = mediaType == null ? null : mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return named == null ? StandardCharsets.UTF_8 : Charset.forName(named);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
