import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Invitation-add load for bench/faults: THREADS clients POST /api/1.0/invitations.json (form body, unique e-mail and
 * order per request, delay 30 days so no e-mail is sent) until DURATION_S seconds or MAX requests have passed.
 * OUT_FILE gets one line per request: "email http_status acknowledged(1|0)" where acknowledged means the answer
 * was 200 with status success. Prints the totals.
 *
 *   java InviteLoad.java BASE_URL WEBSHOP_ID CODE THREADS DURATION_S MAX TAG OUT_FILE
 */
public class InviteLoad {
    public static void main(String[] args) throws Exception {
        String base = args[0];
        String id = args[1];
        String code = args[2];
        int threads = Integer.parseInt(args[3]);
        long deadline = System.nanoTime() + Long.parseLong(args[4]) * 1_000_000_000L;
        int max = Integer.parseInt(args[5]);
        String tag = args[6];
        Path out = Path.of(args[7]);
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
        URI uri = URI.create(base + "/api/1.0/invitations.json?id=" + id + "&code=" + code);
        AtomicInteger next = new AtomicInteger();
        ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
        AtomicInteger acked = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                int n;
                while (System.nanoTime() < deadline && (n = next.getAndIncrement()) < max) {
                    String email = "fault." + tag + "." + n + "@example.com";
                    String form = "email=" + email + "&order=" + tag + "-" + n + "&delay=30&language=en&customer_name=Fault+Test";
                    HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(form)).build();
                    int status = 0;
                    boolean ok = false;
                    try {
                        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                        status = response.statusCode();
                        ok = status == 200 && response.body().contains("\"status\":\"success\"");
                    } catch (Exception e) {
                        status = -1;
                    }
                    if (ok) {
                        acked.incrementAndGet();
                    } else {
                        failed.incrementAndGet();
                        // bounded back-off while the database is away
                        java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
                        if (Thread.currentThread().isInterrupted()) {
                            return;
                        }
                    }
                    lines.add(email + " " + status + " " + (ok ? 1 : 0));
                }
            });
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
            lines.forEach(w::println);
        }
        System.out.printf("invitation adds: %d acknowledged, %d not acknowledged%n", acked.get(), failed.get());
    }
}
