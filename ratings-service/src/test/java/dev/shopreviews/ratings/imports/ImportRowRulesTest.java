package dev.shopreviews.ratings.imports;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.ratings.imports.service.ImportRequest;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** An import's rows follow the reviews' field rules (common rules), with the import's own texts. */
class ImportRowRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String refused(String rating, String comment) {
        String body = """
                {"source":"Other","reviews":[{"source_review_id":"r-1","created":"2024-01-02","name":"Jan","language":"nl",
                 "rating":%s,"comment":%s}]}""".formatted(rating, comment);
        return assertThrows(EnvelopeException.class, () -> ImportRequest.parse(body, JSON, Instant.now())).getMessage();
    }

    @Test
    void aRatingBeyondIntIsRefusedInsteadOfWrappedToFive() {
        assertEquals("Invalid reviews, nothing was imported: row 1: rating must be an integer from 1 to 5.",
                refused("4294967301", "null"));
    }

    @Test
    void aCommentIsMeasuredOnceTrimmedAsTheCoreStoresIt() {
        assertEquals("Invalid reviews, nothing was imported: row 1: comment is longer than 5000 characters.",
                refused("4", "\"" + "x".repeat(5001) + "\""));
        String body = """
                {"source":"Other","reviews":[{"source_review_id":"r-1","created":"2024-01-02","name":"Jan","language":"nl",
                 "rating":4,"comment":" %s\\n"}]}""".formatted("x".repeat(5000));
        assertEquals(5000, ImportRequest.parse(body, JSON, Instant.now()).rows().get(0).comment().length());
    }
}
