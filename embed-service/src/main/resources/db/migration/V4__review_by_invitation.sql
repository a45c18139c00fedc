-- Issue 21: a used invitation link opens the review written through it (ratings-service announces the invitation id
-- with reviews.created/updated), so the reviewer changes it within the edit window instead of writing a second one.
alter table shown_review add column invitation_id bigint;
create index shown_review_invitation on shown_review (webshop_id, invitation_id) where invitation_id is not null;
