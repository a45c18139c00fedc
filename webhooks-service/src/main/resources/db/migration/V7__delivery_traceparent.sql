-- The W3C trace context of the review event a delivery announces (the Kafka record's traceparent header): the
-- delivery's POST carries it, so a shop can find the review's way through the platform in its traces.
alter table webhook_delivery add column traceparent varchar(55);

-- The claim answers it too (V3's function otherwise unchanged).
drop function claim_deliveries(text[], int, int, int);
create function claim_deliveries(p_saturated text[], p_batch int, p_per_endpoint int, p_lease_ms int)
returns table (id bigint, subscription_id bigint, webshop_id bigint, event_id varchar, topic varchar, endpoint varchar,
               payload text, published boolean, attempts int, url varchar, secret_encrypted varchar, active boolean,
               traceparent varchar)
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
              d.attempts, s.url, s.secret_encrypted, s.active, d.traceparent;
end
$$;
