package dev.shopreviews.invitations.invitation.repository;

import dev.shopreviews.invitations.invitation.repository.InvitationRepository.AddOutcome;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Adds invitations through the reactive SQL client, several in one statement and one transaction: the database
 * function add_invitations (migration V4), which applies add_invitation (V3) to each row. No ORM session: the
 * intake runs outside any request's session, for requests of many connections at once.
 */
@ApplicationScoped
public class InvitationIntake {
    private static final String ADD = """
            select pos, outcome from add_invitations($1::bigint[], $2::varchar[], $3::varchar[], $4::varchar[],
                $5::integer[], $6::varchar[], $7::text[], $8::numeric[], $9::text[], $10::varchar[], $11::varchar[],
                $12::varchar[], $13::timestamptz[])""";

    private static final String ADD_WITHIN_LIMIT = """
            select add_invitation_within_limit($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as outcome""";

    private final Pool pool;

    public InvitationIntake(Pool pool) {
        this.pool = pool;
    }

    /**
     * One answer per row, in the rows' order. {@code REVIEW_WRITTEN} means nothing was stored: the review was
     * written in the pop-up, and the caller adds that invitation together with the order's confirmation.
     */
    public Uni<List<AddOutcome>> add(List<Invitation> rows) {
        Tuple params = Tuple.tuple()
                .addArrayOfLong(column(rows, row -> row.webshopId, Long[]::new))
                .addArrayOfString(column(rows, row -> row.email, String[]::new))
                .addArrayOfString(column(rows, row -> row.orderNumber, String[]::new))
                .addArrayOfString(column(rows, row -> row.language, String[]::new))
                .addArrayOfInteger(column(rows, row -> row.delayDays, Integer[]::new))
                .addArrayOfString(column(rows, row -> row.customerName, String[]::new))
                .addArrayOfString(column(rows, row -> row.phoneNumbers, String[]::new))
                .addArrayOfBigDecimal(column(rows, row -> row.orderTotal, BigDecimal[]::new))
                .addArrayOfString(column(rows, row -> row.products, String[]::new))
                .addArrayOfString(column(rows, row -> row.client, String[]::new))
                .addArrayOfString(column(rows, row -> row.platformVersion, String[]::new))
                .addArrayOfString(column(rows, row -> row.pluginVersion, String[]::new))
                .addArrayOfOffsetDateTime(column(rows, row -> row.createdAt.atOffset(ZoneOffset.UTC),
                        OffsetDateTime[]::new));
        return pool.preparedQuery(ADD).execute(params).map(result -> {
            AddOutcome[] outcomes = new AddOutcome[rows.size()];
            for (Row answer : result) {
                outcomes[answer.getInteger("pos") - 1] =
                        AddOutcome.valueOf(answer.getString("outcome").toUpperCase(Locale.ROOT));
            }
            List<AddOutcome> answers = Arrays.asList(outcomes);
            if (answers.contains(null)) { // never claim "queued" for a row the database did not answer for
                throw new IllegalStateException(
                        "add_invitations answered " + result.size() + " of " + rows.size() + " rows");
            }
            return answers;
        });
    }

    /**
     * One add with a limit per address (max_invitations_per_email): its own statement and transaction, not batched,
     * because the function first takes the address's lock (migration V13), which a batch ordered by order locks must
     * not wait for. {@code LIMIT_REACHED}: this webshop holds {@code maxPerEmail} invitations for the address; nothing
     * was stored.
     */
    public Uni<AddOutcome> addWithinLimit(Invitation row, int maxPerEmail) {
        Tuple params = Tuple.tuple()
                .addLong(row.webshopId)
                .addString(row.email)
                .addString(row.orderNumber)
                .addString(row.language)
                .addInteger(row.delayDays)
                .addString(row.customerName)
                .addString(row.phoneNumbers)
                .addBigDecimal(row.orderTotal)
                .addString(row.products)
                .addString(row.client)
                .addString(row.platformVersion)
                .addString(row.pluginVersion)
                .addOffsetDateTime(row.createdAt.atOffset(ZoneOffset.UTC))
                .addInteger(maxPerEmail);
        return pool.preparedQuery(ADD_WITHIN_LIMIT).execute(params).map(result ->
                AddOutcome.valueOf(result.iterator().next().getString("outcome").toUpperCase(Locale.ROOT)));
    }

    private static <V> V[] column(List<Invitation> rows, Function<Invitation, V> value,
                                  IntFunction<V[]> array) {
        return rows.stream().map(value).toArray(array);
    }
}
