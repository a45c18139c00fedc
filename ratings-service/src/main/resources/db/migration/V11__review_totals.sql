-- Running totals of every webshop's reviews per language, kept by triggers on review in the transaction of every
-- write (intake, import, edit, moderation, erasure, retention): ratings_summary.json and ratings.json's total read a
-- few rows instead of counting the webshop's reviews, which took 16-31 ms for a webshop with 100,000 reviews
-- (bench/scale). visible = not deleted (ratings.json's code view); published = ReviewRepository.PUBLISHED_SQL (not
-- deleted, held or quarantined), and the sums are the published reviews' ratings.
create table review_totals (
    webshop_id          bigint     not null,
    language            varchar(2) not null,
    visible             bigint     not null,
    published           bigint     not null,
    rating_sum          bigint     not null,
    shippingtime_sum    bigint     not null,
    customerservice_sum bigint     not null,
    pricequality_sum    bigint     not null,
    aftersale_sum       bigint     not null,
    primary key (webshop_id, language)
);

-- Adds (sign 1) or takes away (sign -1) one review row's share of its webshop's totals.
create function review_totals_add(r review, sign integer) returns void language plpgsql as $$
declare
    p integer := case when r.held or r.quarantine then 0 else sign end;
begin
    if r.deleted_at is not null then
        return;
    end if;
    insert into review_totals as t (webshop_id, language, visible, published, rating_sum, shippingtime_sum,
                                    customerservice_sum, pricequality_sum, aftersale_sum)
    values (r.webshop_id, r.language, sign, p, p * r.rating, p * r.shippingtime, p * r.customerservice,
            p * r.pricequality, p * r.aftersale)
    on conflict (webshop_id, language) do update
        set visible = t.visible + excluded.visible, published = t.published + excluded.published,
            rating_sum = t.rating_sum + excluded.rating_sum, shippingtime_sum = t.shippingtime_sum + excluded.shippingtime_sum,
            customerservice_sum = t.customerservice_sum + excluded.customerservice_sum,
            pricequality_sum = t.pricequality_sum + excluded.pricequality_sum,
            aftersale_sum = t.aftersale_sum + excluded.aftersale_sum;
end $$;

create function review_totals_track() returns trigger language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        perform review_totals_add(old, -1);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
        perform review_totals_add(new, 1);
    end if;
    return null;
end $$;

create trigger review_totals_on_insert_or_delete after insert or delete on review
    for each row execute function review_totals_track();
-- Most updates (read flags, replies, texts) change nothing counted: those leave the totals row alone, so they do not
-- wait for each other on it.
create trigger review_totals_on_update after update on review
    for each row
    when ((old.webshop_id, old.language, old.deleted_at is null, old.held, old.quarantine, old.rating, old.shippingtime,
           old.customerservice, old.pricequality, old.aftersale)
          is distinct from
          (new.webshop_id, new.language, new.deleted_at is null, new.held, new.quarantine, new.rating, new.shippingtime,
           new.customerservice, new.pricequality, new.aftersale))
    execute function review_totals_track();

-- The totals of the reviews there are, taken while no review can change (the lock ends with this migration).
lock table review in share row exclusive mode;
insert into review_totals
select webshop_id, language, count(*), count(*) filter (where not held and not quarantine),
       coalesce(sum(rating) filter (where not held and not quarantine), 0),
       coalesce(sum(shippingtime) filter (where not held and not quarantine), 0),
       coalesce(sum(customerservice) filter (where not held and not quarantine), 0),
       coalesce(sum(pricequality) filter (where not held and not quarantine), 0),
       coalesce(sum(aftersale) filter (where not held and not quarantine), 0)
from review
where deleted_at is null
group by webshop_id, language;
