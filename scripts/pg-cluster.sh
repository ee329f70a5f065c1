#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store tests: `start DIR` initialises one in DIR on a
# free loopback port and prints its URL; `stop DIR` stops it; `start DIR` again starts the same
# cluster on the same port (a test restarting the database under load). Runs the server as the postgres
# user (initdb refuses root). Uses Debian's postgresql packages.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "no PostgreSQL under /usr/lib/postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
case $cmd in
  start)
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ -f "$dir/port" ]; then
      port=$(cat "$dir/port")
    else
      port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
      as_pg "$bin/initdb -D '$dir/data' -A trust -U postgres >'$dir/initdb.log' 2>&1"
      echo "$port" >"$dir/port"
    fi
    as_pg "$bin/pg_ctl -D '$dir/data' -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=on\" -l '$dir/pg.log' -w start >/dev/null"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl -D '$dir/data' -m fast -w stop >/dev/null"
    ;;
esac
