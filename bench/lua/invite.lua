-- wrk script: POST /api/1.0/invitations.json with a form body and a unique e-mail + order per request.
--   wrk -s bench/lua/invite.lua 'http://127.0.0.1:8080/api/1.0/invitations.json?id=..&code=..' -- TAG
-- delay=30 days: nothing is e-mailed while the benchmark runs.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  tag = args[1] or "w"
  counter = 0
end

function request()
  counter = counter + 1
  local who = tag .. "." .. tid .. "." .. counter
  local body = "email=inv." .. who .. "%40example.com&order=" .. who .. "&delay=30&language=en&customer_name=Bench+Customer"
  return wrk.format("POST", nil, { ["Content-Type"] = "application/x-www-form-urlencoded" }, body)
end
