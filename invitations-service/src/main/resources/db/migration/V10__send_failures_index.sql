-- The operator console's list of invitations that could not be sent (operator/repository/SendFailures) reads only
-- failed invitations of the last 30 days.
create index invitation_failed on invitation (created_at) where state = 'failed';
