import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Local webhook receiver for bench/run and bench/faults (Vert.x, one event loop). Answers 200 to every POST and
 * appends one line per arrival to OUT_FILE:
 *   arrival_epoch_ms topic webhook_id event_id hash(ok|bad|unknown) review_id name_tag
 * where name_tag is the "TAG nSEQ" part of the review's name ("Bench TAG nSEQ"), "-" when absent.
 * Register a subscription's secret (to check X-Hash = hex HMAC-SHA256 of the raw body) with
 *   POST /_secret?webhook_id=..&secret=..   and read the number of arrivals with GET /_count.
 *
 *   java -cp "$CP" WebhookReceiver.java PORT[+N] OUT_FILE [SECRETS_FILE]
 * PORT+N: listens on N consecutive ports from PORT (N endpoints for webhooks-service, which limits its concurrency per
 * host and port), all writing to the one file.
 * SECRETS_FILE: lines "webhook_id secret" known from the start (a receiver restarted after being down).
 */
public class WebhookReceiver {
    static final Pattern NAME = Pattern.compile("\"name\":\"Bench ([A-Za-z]+ n[0-9]+)\"");
    static final Pattern ID = Pattern.compile("^\\{\"id\":([0-9]+)");
    static final Map<String, String> SECRETS = new ConcurrentHashMap<>();

    public static void main(String[] args) throws IOException {
        String[] ports = args[0].split("\\+");
        int port = Integer.parseInt(ports[0]);
        int endpoints = ports.length > 1 ? Integer.parseInt(ports[1]) : 1;
        BufferedWriter out = Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (args.length > 2 && Files.exists(Path.of(args[2]))) {
            for (String line : Files.readAllLines(Path.of(args[2]))) {
                String[] parts = line.trim().split("\\s+");
                if (parts.length == 2) {
                    SECRETS.put(parts[0], parts[1]);
                }
            }
        }
        long[] count = {0};
        Vertx vertx = Vertx.vertx();
        vertx.setPeriodic(200, t -> flush(out));
        io.vertx.core.Handler<io.vertx.core.http.HttpServerRequest> handler = req -> {
            if (req.path().equals("/_secret")) {
                SECRETS.put(req.getParam("webhook_id"), req.getParam("secret"));
                req.response().end("ok\n");
                return;
            }
            if (req.path().equals("/_count")) {
                flush(out);
                req.response().end(count[0] + "\n");
                return;
            }
            req.body().onSuccess(body -> {
                long now = System.currentTimeMillis();
                String webhookId = req.getHeader("X-Webhook-Id");
                String secret = webhookId == null ? null : SECRETS.get(webhookId);
                String hash = secret == null ? "unknown" : hmac(secret, body).equals(req.getHeader("X-Hash")) ? "ok" : "bad";
                String text = body.toString(StandardCharsets.UTF_8);
                Matcher name = NAME.matcher(text);
                Matcher id = ID.matcher(text);
                String line = now + " " + req.getHeader("X-Topic") + " " + webhookId + " " + req.getHeader("X-Event-Id")
                        + " " + hash + " " + (id.find() ? id.group(1) : "-") + " "
                        + (name.find() ? name.group(1).replace(' ', '_') : "-");
                synchronized (out) {
                    try {
                        out.write(line);
                        out.newLine();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
                synchronized (count) {
                    count[0]++;
                }
                req.response().end();
            });
        };
        for (int p = port; p < port + endpoints; p++) {
            int listening = p;
            vertx.createHttpServer().requestHandler(handler).listen(listening, "127.0.0.1")
                    .onSuccess(s -> System.out.println("receiver listening on 127.0.0.1:" + listening))
                    .onFailure(e -> { e.printStackTrace(); System.exit(1); });
        }
    }

    static void flush(BufferedWriter out) {
        synchronized (out) {
            try {
                out.flush();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static String hmac(String secret, Buffer body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body.getBytes()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
