#!/usr/bin/env bash
# Checks the nginx block of docs/deploy.md ("nginx in front") with `nginx -t`, as written: the
# block is put in a minimal nginx.conf's http block, in a temporary folder. Only the certificate
# and key it names are replaced, by a self-signed pair made here, when they do not exist on this
# machine. Skips, with a message, when nginx is not installed (Debian: apt-get install nginx).
# Usage: scripts/check-nginx-conf.sh [path/to/deploy.md]
set -euo pipefail

DOC="${1:-$(dirname "${BASH_SOURCE[0]}")/../docs/deploy.md}"
NGINX="$(command -v nginx || true)"
if [ -z "$NGINX" ] && [ -x /usr/sbin/nginx ]; then NGINX=/usr/sbin/nginx; fi
if [ -z "$NGINX" ]; then
  echo "check-nginx-conf: nginx is not installed (apt-get install nginx); skipped"
  exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The lines between "```nginx" and the next "```": there must be exactly one such block.
awk '/^```nginx$/ { n++; inside = 1; next } /^```/ { inside = 0 } inside { print }
     END { if (n != 1) { print "expected one nginx block, found " n > "/dev/stderr"; exit 1 } }' \
  "$DOC" > "$WORK/strata.conf"

for directive in ssl_certificate ssl_certificate_key; do
  file="$(awk -v d="$directive" '$1 == d { sub(/;$/, "", $2); print $2 }' "$WORK/strata.conf")"
  if [ -n "$file" ] && [ ! -r "$file" ]; then
    if [ ! -f "$WORK/cert.pem" ]; then
      openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=strata.example.com \
        -keyout "$WORK/cert.key" -out "$WORK/cert.pem" 2> /dev/null
    fi
    stand_in="$WORK/cert.pem"
    if [ "$directive" = ssl_certificate_key ]; then stand_in="$WORK/cert.key"; fi
    sed -i "s#^\( *$directive \)$file;#\1$stand_in;#" "$WORK/strata.conf"
  fi
done

cat > "$WORK/nginx.conf" << CONF
pid $WORK/nginx.pid;
error_log $WORK/error.log;
events {}
http {
    access_log off;
    include $WORK/strata.conf;
}
CONF

"$NGINX" -t -q -p "$WORK" -e "$WORK/error.log" -c "$WORK/nginx.conf"
echo "check-nginx-conf: the nginx block of $DOC passes nginx -t ($("$NGINX" -v 2>&1))"
