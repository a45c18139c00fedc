package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The real broker's view of the service's consumers: one consumer group per incoming channel. */
@QuarkusTest
class ConsumerGroupsTest {

    @Test
    void everyIncomingChannelConsumesItsTopicInAGroupOfItsOwn() {
        String base = ConfigProvider.getConfig().getValue("kafka.group.id", String.class);
        Map<String, String> topicOfGroup = Map.of(
                base + ".reviews-created", Topics.REVIEWS_CREATED.name(),
                base + ".reviews-updated", Topics.REVIEWS_UPDATED.name(),
                base + ".reviews-deleted", Topics.REVIEWS_DELETED.name(),
                base + ".webshops", Topics.WEBSHOPS.name(),
                base + ".erasures", Topics.CUSTOMERS_ERASED.name());
        Properties props = KafkaTestClient.properties();
        try (Admin admin = Admin.create(props)) {
            // A group the broker has not seen yet is an error to describe (GroupIdNotFoundException): asked again.
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> topicsAssigned(admin, topicOfGroup.keySet()).values().stream()
                    .noneMatch(Set::isEmpty));
            Map<String, Set<String>> assigned = topicsAssigned(admin, topicOfGroup.keySet());
            topicOfGroup.forEach((group, topic) -> assertEquals(Set.of(topic), assigned.get(group), group));
            // The former shared group is never formed.
            assertFalse(admin.listGroups().all().get().stream().anyMatch(listing -> listing.groupId().equals(base)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Per group, the topics of the partitions its members hold now. */
    private static Map<String, Set<String>> topicsAssigned(Admin admin, Set<String> groups) throws Exception {
        Map<String, ConsumerGroupDescription> described = admin.describeConsumerGroups(groups).all().get();
        return described.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, entry -> entry.getValue()
                .members().stream().map(MemberDescription::assignment)
                .flatMap(assignment -> assignment.topicPartitions().stream()).map(TopicPartition::topic)
                .collect(Collectors.toSet())));
    }
}
