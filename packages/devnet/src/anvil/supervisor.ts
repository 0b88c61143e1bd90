/**
 * A POSIX shell script that runs anvil as its child and ties anvil's life to ours.
 *
 * We hold the write end of the script's stdin. When it closes — because `stop()` closed it, or
 * because our process died, even by SIGKILL — the script sends anvil SIGINT (so `--state` is
 * written) and exits with anvil's status. When anvil exits on its own, the script exits too.
 *
 * Arguments: the anvil binary, then its arguments. Anvil's pid is printed on stderr as
 * `privnet-devnet: anvil pid <pid>`.
 *
 * With `PRIVNET_STATE_EXIT` and `PRIVNET_STATE_FILE` in its environment, the dump anvil wrote as it
 * exited (`--dump-state`, written in place, not atomically) is flushed and moved over the state
 * file — only when anvil exited cleanly and the dump ends as JSON does. anvil killed mid-write
 * (or the script with it) leaves the previous state file as it was. It is the script that moves
 * it, not us: when we were killed, nobody else is left to.
 */
export const supervisorScript = `
exec 3<&0
"$@" </dev/null &
child=$!
echo "privnet-devnet: anvil pid $child" >&2
( while read -r _; do :; done; kill -INT "$child" 2>/dev/null ) <&3 &
reader=$!
exec 3<&-
wait "$child"
status=$?
kill "$reader" 2>/dev/null
exiting=$PRIVNET_STATE_EXIT
if [ "$status" = 0 ] && [ -n "$exiting" ] && [ -s "$exiting" ] && [ "$(tail -c 1 "$exiting")" = "}" ]; then
  sync "$exiting" 2>/dev/null
  mv -f "$exiting" "$PRIVNET_STATE_FILE"
fi
exit "$status"
`;
