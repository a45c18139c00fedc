package dev.shopreviews.embed.readmodel.service;

/**
 * CDI event: the read model of one webshop (summary or reviews) changed and the change is committed. Fired by
 * {@link dev.shopreviews.embed.readmodel.messaging.ReadModelConsumer}; caches of rendered parts observe it.
 */
public record ReadModelChanged(long webshopId) {
}
