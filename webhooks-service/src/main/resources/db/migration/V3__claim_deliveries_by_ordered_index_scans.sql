-- The delivery claim as a function, so that it can read the two queue indexes with ORDERED INDEX SCANS.
--
-- Every delivery moves pending -> in_flight -> delivered; each move leaves a dead entry in the partial index it
-- leaves (webhook_delivery_due, webhook_delivery_lease) until VACUUM removes it. A bitmap scan (the planner's choice
-- for the former one-statement claim) reads every one of those entries and their heap pages on every claim and
-- never marks them, so claims slowed down with each delivered row until the next vacuum (measured: 150,000 dead
-- entries -> 30 ms and 8,000 pages per claim). A plain index scan marks the entries of dead rows as it passes them
-- (kill_prior_tuple), so the next claim skips them without visiting the heap (same table: 1 ms, 430 pages).
-- Sequential scans are off too: a connection caches its plan of this query, and a plan made while the table was
-- small (a fresh database, or statistics never refreshed where autovacuum is off) scanned the whole table on every
-- later claim (measured: 66 ms per claim at 150,000 rows, 69 deliveries/s). Every step here has an index.
-- Both settings apply inside this function only.
create function claim_deliveries(p_saturated text[], p_batch int, p_per_endpoint int, p_lease_ms int)
returns table (id bigint, subscription_id bigint, webshop_id bigint, event_id varchar, topic varchar, endpoint varchar,
               payload text, published boolean, attempts int, url varchar, secret_encrypted varchar, active boolean)
language plpgsql volatile
set enable_bitmapscan = off
set enable_seqscan = off
as $$
begin
    return query
    with due as (
        (select d.id, d.endpoint, d.next_attempt_at from webhook_delivery d
          where d.state = 'pending' and d.next_attempt_at <= now() and not (d.endpoint = any(p_saturated))
          order by d.next_attempt_at limit p_batch * 4)
        union all
        (select d.id, d.endpoint, d.next_attempt_at from webhook_delivery d
          where d.state = 'in_flight' and d.lease_until < now() and not (d.endpoint = any(p_saturated))
          order by d.lease_until limit p_batch * 4)
    ), ranked as (
        select due.id, row_number() over (partition by due.endpoint order by due.next_attempt_at, due.id) as rn from due
    ), locked as (
        select d.id from webhook_delivery d
         where d.id in (select r.id from ranked r where r.rn <= p_per_endpoint)
           and ((d.state = 'pending' and d.next_attempt_at <= now()) or (d.state = 'in_flight' and d.lease_until < now()))
         order by d.next_attempt_at limit p_batch
           for update of d skip locked
    )
    update webhook_delivery d
       set state = 'in_flight', attempts = d.attempts + 1, last_attempt_at = now(),
           lease_until = now() + p_lease_ms * interval '1 millisecond'
      from locked l, webhook_subscription s
     where d.id = l.id and s.id = d.subscription_id
    returning d.id, d.subscription_id, d.webshop_id, d.event_id, d.topic, d.endpoint, d.payload, d.published,
              d.attempts, s.url, s.secret_encrypted, s.active;
end
$$;

-- Vacuum the queue table after 2 % of its rows changed instead of PostgreSQL's 20 %: its history grows without
-- bound while the due part stays small, so the default would let dead index entries pile up for long stretches.
alter table webhook_delivery set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
