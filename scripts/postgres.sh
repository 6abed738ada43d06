#!/usr/bin/env bash
# Starts Debian's PostgreSQL on 127.0.0.1 for the tests (no systemd here) and prints a connection URL for a
# superuser role the tests use to create one database per test file.
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
port="${PGPORT_TEST:-55432}"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$ver swx$"; then
  pg_createcluster "$ver" swx -p "$port" -- --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  conf="/etc/postgresql/$ver/swx/postgresql.conf"
  {
    echo "listen_addresses = '127.0.0.1'"
    echo "max_connections = 300"
    echo "fsync = off"
    echo "synchronous_commit = off"
    echo "full_page_writes = off"
  } >> "$conf"
fi
pg_ctlcluster "$ver" swx start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p "$port" -q && break
  sleep 0.5
done
su postgres -c "psql -p $port -qtAc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='swx') THEN CREATE ROLE swx LOGIN SUPERUSER PASSWORD 'swx'; END IF; END \\\$\\\$;\"" >/dev/null
echo "postgres://swx:swx@127.0.0.1:$port/postgres"
