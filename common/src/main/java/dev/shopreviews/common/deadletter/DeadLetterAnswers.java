package dev.shopreviews.common.deadletter;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Messages;

import java.util.List;

/** The admin dead-letter API's success bodies. */
public final class DeadLetterAnswers {
    private DeadLetterAnswers() {
    }

    @JsonPropertyOrder({"status", "message", "dead_letters"})
    public record DeadLetterList(String status, String message,
                                 @JsonProperty("dead_letters") List<DeadLetterResource.View> deadLetters) {
        static DeadLetterList of(List<DeadLetterResource.View> letters) {
            return new DeadLetterList(Messages.SUCCESS, "Dead letters retrieved.", letters);
        }
    }

    @JsonPropertyOrder({"status", "message", "data"})
    public record OneDeadLetter(String status, String message, DeadLetterResource.View data) {
        static OneDeadLetter of(DeadLetterResource.View letter) {
            return new OneDeadLetter(Messages.SUCCESS, "Dead letter " + letter.state() + ".", letter);
        }
    }
}
