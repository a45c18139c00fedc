package dev.shopreviews.webhooks.delivery.service;

import dev.shopreviews.common.tracing.Tracing;
import dev.shopreviews.webhooks.config.WebhooksConfig;
import dev.shopreviews.webhooks.subscription.service.SecretCipher;
import dev.shopreviews.webhooks.destination.TargetGuard;
import dev.shopreviews.webhooks.destination.TargetRefused;
import dev.shopreviews.webhooks.destination.WebhookTarget;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Sends one delivery attempt. The target is checked again now (DNS rebinding) and the connection goes to exactly the
 * address that was checked, with the URL's host in the Host header and in TLS SNI and certificate verification.
 * Redirects are never followed. Connections are kept alive and reused per address and host.
 */
@ApplicationScoped
public class DeliverySender {
    static final String USER_AGENT = "shopreviews-webhooks/1.0";
    private static final long MAX_ANSWER_BYTES = 1024 * 1024;

    private final Vertx vertx;
    private final TargetGuard guard;
    private final SecretCipher cipher;
    private final long timeoutMs;
    private final HttpClient client;

    public DeliverySender(Vertx vertx, TargetGuard guard, SecretCipher cipher, WebhooksConfig config) {
        this.vertx = vertx;
        this.guard = guard;
        this.cipher = cipher;
        this.timeoutMs = config.webhooks().timeout().toMillis();
        HttpClientOptions options = new HttpClientOptions()
                .setKeepAlive(true)
                .setKeepAliveTimeout(30)
                .setConnectTimeout((int) timeoutMs)
                .setVerifyHost(true)
                .setForceSni(true)
                .setTryUseCompression(false);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(config.webhooks().perEndpointConcurrency());
        this.client = vertx.createHttpClient(options, pool);
    }

    @PreDestroy
    void close() {
        client.close();
    }

    public Uni<AttemptResult> send(ClaimedDelivery delivery) {
        Instant at = Instant.now();
        long started = System.nanoTime();
        WebhookTarget target;
        try {
            target = guard.parse(delivery.url());
        } catch (TargetRefused refused) {
            return Uni.createFrom().item(AttemptResult.failed(at, 0, "refused: " + refused.getMessage()));
        }
        return guard.vet(target)
                .chain(address -> post(delivery, target, address, at, started))
                .onFailure().recoverWithItem(failure -> AttemptResult.failed(at, elapsedMs(started), describe(failure)));
    }

    private Uni<AttemptResult> post(ClaimedDelivery delivery, WebhookTarget target, InetAddress address, Instant at, long started) {
        byte[] body = delivery.payload().getBytes(StandardCharsets.UTF_8);
        String secret = cipher.decrypt(delivery.secretEncrypted(), delivery.webshopId());
        String timestamp = String.valueOf(at.getEpochSecond());
        RequestOptions request = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(target.port(), address.getHostAddress()))
                .setHost(target.host())
                .setPort(target.port())
                .setSsl(target.https())
                .setURI(target.pathAndQuery())
                .setFollowRedirects(false)
                .setConnectTimeout(timeoutMs)
                .setIdleTimeout(timeoutMs + 1000)
                .putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", USER_AGENT)
                .putHeader("X-Hash", Signatures.hmacHex(secret, body))
                .putHeader("X-Topic", delivery.topic())
                .putHeader("X-Event-Id", delivery.eventId())
                .putHeader("X-Timestamp", timestamp)
                .putHeader("X-Timestamp-Hash", Signatures.timestampedHex(secret, timestamp, body))
                .putHeader("X-Webhook-Id", String.valueOf(delivery.subscriptionId()))
                .putHeader("X-Delivery-Id", String.valueOf(delivery.id()))
                .putHeader("X-Delivery-Attempt", String.valueOf(delivery.attempt()))
                .putHeader("X-Review-Published", String.valueOf(delivery.published()));
        if (delivery.traceparent() != null) {
            // W3C trace context of the review event, so the shop's own traces can continue it.
            request.putHeader(Tracing.HEADER, delivery.traceparent());
        }
        return UniHelper.toUni(exchange(request, body))
                .map(status -> AttemptResult.answered(at, status, elapsedMs(started)));
    }

    /** POSTs and answers the status once the answer was read (capped), or fails; the whole exchange is time-limited. */
    private io.vertx.core.Future<Integer> exchange(RequestOptions options, byte[] body) {
        Promise<Integer> result = Promise.promise();
        AtomicReference<HttpClientRequest> current = new AtomicReference<>();
        long timer = vertx.setTimer(timeoutMs, id -> {
            // Fail first: the reset below fails the request too, and the first failure wins.
            result.tryFail(new TimeoutException("timed out after " + timeoutMs + " ms"));
            HttpClientRequest request = current.get();
            if (request != null) {
                request.reset(0, new TimeoutException());
            }
        });
        client.request(options)
                .compose(request -> {
                    current.set(request);
                    return request.send(Buffer.buffer(body));
                })
                .onSuccess(response -> {
                    long[] read = {0};
                    response.handler(chunk -> {
                        read[0] += chunk.length();
                        if (read[0] > MAX_ANSWER_BYTES) {
                            response.request().reset();
                            result.tryComplete(response.statusCode());
                        }
                    });
                    response.exceptionHandler(result::tryFail);
                    response.endHandler(done -> result.tryComplete(response.statusCode()));
                })
                .onFailure(result::tryFail);
        return result.future().onComplete(done -> vertx.cancelTimer(timer));
    }

    private static String describe(Throwable failure) {
        if (failure instanceof TargetRefused) {
            return "refused: " + failure.getMessage();
        }
        if (failure instanceof TimeoutException || failure.getClass().getSimpleName().contains("Timeout")) {
            return failure.getMessage() == null ? "timed out" : failure.getMessage();
        }
        String message = failure.getMessage();
        return "connection failed: " + (message == null ? failure.getClass().getSimpleName() : message);
    }

    private static int elapsedMs(long started) {
        return (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - started) / 1_000_000);
    }
}
