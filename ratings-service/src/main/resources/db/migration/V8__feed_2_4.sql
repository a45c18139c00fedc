-- Google Product Review Feed 2.4 (product_reviews.xml?schema=2.4): whether the reviewer was offered something for
-- the review (is_incentivized_review). Set by the shop's owner in the dashboard; false unless the shop says so.
alter table review add column incentivized boolean not null default false;
