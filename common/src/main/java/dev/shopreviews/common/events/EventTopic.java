package dev.shopreviews.common.events;

/**
 * A Kafka topic and the one event type its records carry ({@link Topics} lists them all). The outbox only takes an
 * event of the topic's type, and the consumers' deserializer reads every record of the topic as that type.
 */
public record EventTopic<E>(String name, Class<E> type) {

    public static <E> EventTopic<E> of(String name, Class<E> type) {
        return new EventTopic<>(name, type);
    }

    @Override
    public String toString() {
        return name;
    }
}
