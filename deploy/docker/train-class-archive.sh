#!/bin/sh
# Writes DIR/app.jsa, the dynamic class archive (AppCDS) of DIR/app.jar for the JDK this runs on, with the flags of
# DIR/jvm.options: the image build runs it (deploy/docker/Dockerfile.jvm), and so can anyone who wants to measure the
# image's command line with a local JDK (docs/operations.md, "Images").
# The training start has no database or broker: placeholder secrets and closed ports on 127.0.0.1, so it loads what
# a start loads until the first connection fails, and then exits; the JVM writes the archive as it exits.
set -eu
dir="$1"
rm -f "$dir/app.jsa"
env DB_HOST=127.0.0.1 DB_PORT=9 KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:9 SMTP_PORT=9 \
    OPERATOR_TOKEN=training LINK_SIGNING_KEY=training SECRET_ENCRYPTION_KEY=training PRIVACY_SESSION_KEY=training \
    OPERATOR_SESSION_KEY=training DASHBOARD_SESSION_KEY=training \
    OPERATOR_BOOTSTRAP_PASSWORD= OPERATOR_BOOTSTRAP_TOTP= QUARKUS_HTTP_PORT=0 \
    java "@$dir/jvm.options" -XX:ArchiveClassesAtExit="$dir/app.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
    -jar "$dir/app.jar" >"$dir/training.log" 2>&1 || true
# The start is expected to fail; an archive must still have been written.
test -s "$dir/app.jsa" || { cat "$dir/training.log" >&2; echo "no class archive was written" >&2; exit 1; }
rm -f "$dir/training.log"
