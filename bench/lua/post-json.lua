-- wrk script: POST a small JSON body (baseline of benchmark 5: what the local receiver absorbs directly).
wrk.method = "POST"
wrk.body = '{"id":1,"name":"Bench baseline n1"}'
wrk.headers["Content-Type"] = "application/json"
