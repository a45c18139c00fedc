-- ReviewChanged.hidden_reason: while the operator keeps a review hidden, the moderators' public reason, shown by every
-- browser part in place of the review's text (null otherwise).
alter table shown_review add column hidden_reason text;
