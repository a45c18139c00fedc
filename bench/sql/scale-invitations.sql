-- bench/scale's bulk path for invitations (invitations database, run as postgres): rows as invitations-service
-- stores them after their life (mostly sent, a tenth of those reviewed; some written in the pop-up, opted out or failed), spread over the webshops of the
-- session's temporary table scale_shop(id) and over two years. queued = 1 adds rows still waiting (state queued,
-- due in 30-60 days): the queue the sender's claim skips over. Variables: first, last (a range of row numbers, unique
-- e-mail and order per number), queued (0 or 1), tag (a prefix unique to the data set).
\set ON_ERROR_STOP on
with shops(a) as (select array_agg(id) from scale_shop),
     rows as (
  select g, shops.a[1 + (g % cardinality(shops.a))] as shop,
         now() - random() * interval '360 days' as at,
         case when :queued = 1 then 'queued'
              else (array['sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'review_written', 'opted_out', 'failed'])[1 + g % 10]
         end as state
  from generate_series(:first, :last) g cross join shops)
insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name, state, created_at,
                        scheduled_at, sent_at, attempts, next_attempt_at, last_error, reviewed_at)
select shop, :'tag' || '.' || g || '@example.com', :'tag' || '-' || g, 'en', 3, 'Customer ' || g, state, at,
       case when state = 'queued' then now() + interval '30 days' + random() * interval '30 days' else at + interval '3 days' end,
       case when state = 'sent' then at + interval '3 days' end,
       case when state = 'queued' then 0 else 1 end,
       case when state = 'queued' then now() + interval '30 days' + random() * interval '30 days' else at + interval '3 days' end,
       case when state = 'failed' then '550 5.1.1 mailbox unavailable' end,
       case when state = 'sent' and g % 10 = 6 then at + interval '5 days' end
from rows;
