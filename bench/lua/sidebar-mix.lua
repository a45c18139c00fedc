-- wrk script: GET sidebar.js of a random webshop out of a list, gzip accepted, as many shops' pages would.
--   wrk -s bench/lua/sidebar-mix.lua URL -- IDS_FILE PATH_TEMPLATE
-- IDS_FILE: one webshop id a line; PATH_TEMPLATE: the request path with {id} (e.g. /sidebar.js?id={id}&c=1 for the
-- service, /mix/{id}.js for the static baseline). Each thread seeds its own random sequence.
local ids = {}
local template

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  template = args[2]
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

function request()
  local id = ids[math.random(#ids)]
  return wrk.format("GET", (template:gsub("{id}", id)), { ["Accept-Encoding"] = "gzip" })
end
