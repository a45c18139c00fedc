import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * Baseline of benchmark 1: GET /api/1.0/ratings.json?id&code&limit&offset answered by plain Vert.x Web + the
 * reactive PostgreSQL client, with the same three statements ratings-service runs (webshop_replica by id +
 * SHA-256 check of the code, count of the shop's not-deleted reviews, newest page) and the same JSON shape.
 * No framework, no ORM: the floor the service is compared against.
 *
 *   java -cp "$(cat raw-cp.txt)" RawRatings.java PORT [DB_NAME] [DB_USER] [POOL_SIZE] [INSTANCES]
 *
 * Defaults mirror the service: database/user "ratings" (password = name) on 127.0.0.1:5432, reactive pool 20,
 * instances = 2 x cores (Quarkus' default number of event loops).
 */
public class RawRatings extends AbstractVerticle {
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    static final String SHOP_SQL = "select id, api_code_hash, public_code, name, main_language, languages, reply_access, "
            + "active, version, snapshot, updated_at from webshop_replica where id = $1";
    static final String COUNT_SQL = "select count(*) from review where webshop_id = $1 and deleted_at is null";
    static final String PAGE_SQL = "select id, aftersale, client_address, comment, comment_hash, country, created_at, "
            + "customerservice, deleted_at, email, held, invitation_id, language, modified_at, name, order_number, origin, "
            + "pricequality, quarantine, quarantine_reason, rating, reaction, reaction_at, is_read, shippingtime, "
            + "source_event_id, verified, webshop_id from review where webshop_id = $1 and deleted_at is null "
            + "order by created_at desc, id desc offset $2 limit $3";

    static int port;
    static String db;
    static String user;
    static int poolSize;

    private PgPool pool;

    public static void main(String[] args) {
        port = Integer.parseInt(args[0]);
        db = args.length > 1 ? args[1] : "ratings";
        user = args.length > 2 ? args[2] : db;
        poolSize = args.length > 3 ? Integer.parseInt(args[3]) : 20;
        int instances = args.length > 4 ? Integer.parseInt(args[4]) : 2 * Runtime.getRuntime().availableProcessors();
        Vertx vertx = Vertx.vertx();
        vertx.deployVerticle(RawRatings.class.getName(), new DeploymentOptions().setInstances(instances))
                .onSuccess(id -> System.out.println("raw-ratings listening on 127.0.0.1:" + port + " (" + instances
                        + " event loops, pool " + poolSize + " per loop group)"))
                .onFailure(e -> { e.printStackTrace(); System.exit(1); });
    }

    @Override
    public void start() {
        PgConnectOptions connect = new PgConnectOptions().setHost("127.0.0.1").setPort(5432)
                .setDatabase(db).setUser(user).setPassword(user).setCachePreparedStatements(true);
        // One pool per verticle instance would multiply connections; share one pool of poolSize like Quarkus does.
        pool = PgPool.pool(vertx, connect, new PoolOptions().setMaxSize(poolSize).setShared(true).setName("raw"));
        Router router = Router.router(vertx);
        router.get("/api/1.0/ratings.json").handler(this::ratings);
        vertx.createHttpServer().requestHandler(router).listen(port, "127.0.0.1");
    }

    private void ratings(RoutingContext ctx) {
        String id = ctx.request().getParam("id");
        String code = ctx.request().getParam("code");
        int limit = intParam(ctx.request().getParam("limit"), 10, 1, 100);
        int offset = intParam(ctx.request().getParam("offset"), 0, 0, Integer.MAX_VALUE);
        if (id == null || code == null || id.isBlank() || code.isBlank()) {
            error(ctx, 400, "Not all obligated variables are set.");
            return;
        }
        long shopId;
        try {
            shopId = Long.parseLong(id.trim());
        } catch (NumberFormatException e) {
            error(ctx, 401, "Incorrect authentication credentials.");
            return;
        }
        pool.preparedQuery(SHOP_SQL).execute(Tuple.of(shopId)).compose(shops -> {
            Row shop = shops.size() == 1 ? shops.iterator().next() : null;
            if (shop == null || !shop.getBoolean("active") || !sha256Hex(code).equals(shop.getString("api_code_hash"))) {
                return io.vertx.core.Future.succeededFuture((JsonObject) null);
            }
            return pool.preparedQuery(COUNT_SQL).execute(Tuple.of(shopId)).compose(count -> {
                long total = count.iterator().next().getLong(0);
                return pool.preparedQuery(PAGE_SQL).execute(Tuple.of(shopId, offset, limit)).map(rows -> {
                    JsonArray items = new JsonArray();
                    for (Row r : rows) {
                        items.add(item(r));
                    }
                    return new JsonObject().put("status", "success").put("message", "Ratings successfully retrieved!")
                            .put("total", total).put("ratings", items);
                });
            });
        }).onSuccess(body -> {
            if (body == null) {
                error(ctx, 401, "Incorrect authentication credentials.");
            } else {
                ctx.response().putHeader("Content-Type", "application/json;charset=UTF-8").end(body.encode());
            }
        }).onFailure(e -> error(ctx, 500, "Unexpected error while processing. Please contact the operator."));
    }

    private static JsonObject item(Row r) {
        OffsetDateTime created = r.getOffsetDateTime("created_at").withOffsetSameInstant(ZoneOffset.UTC);
        String comment = r.getString("comment");
        String reaction = r.getString("reaction");
        return new JsonObject()
                .put("id", r.getLong("id"))
                .put("name", r.getString("name"))
                .put("email", r.getString("email"))
                .put("order_number", r.getString("order_number"))
                .put("rating", (int) r.getShort("rating"))
                .put("ratings", new JsonObject()
                        .put("shippingtime", (int) r.getShort("shippingtime"))
                        .put("customerservice", (int) r.getShort("customerservice"))
                        .put("pricequality", (int) r.getShort("pricequality"))
                        .put("aftersale", (int) r.getShort("aftersale")))
                .put("comment", comment == null || comment.isBlank() ? null : comment)
                .put("date", DATE.format(created))
                .put("country", r.getString("country"))
                .put("language", r.getString("language"))
                .put("created", DATETIME.format(created))
                .put("read", r.getBoolean("is_read"))
                .put("quarantine", r.getBoolean("quarantine"))
                .put("verified", r.getBoolean("verified"))
                .put("reaction", reaction == null ? "" : reaction);
    }

    private static void error(RoutingContext ctx, int status, String message) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json;charset=UTF-8")
                .end(new JsonObject().put("status", "error").put("message", message).put("ratings", new JsonArray()).encode());
    }

    private static int intParam(String text, int fallback, int min, int max) {
        try {
            int value = text == null ? fallback : Integer.parseInt(text.trim());
            return Math.max(min, Math.min(max, value));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
