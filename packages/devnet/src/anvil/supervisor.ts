/**
 * A POSIX shell script that runs anvil as its child and ties anvil's life to ours.
 *
 * We hold the write end of the script's stdin. When it closes — because `stop()` closed it, or
 * because our process died, even by SIGKILL — the script sends anvil SIGINT (so `--state` is
 * written) and exits with anvil's status. When anvil exits on its own, the script exits too.
 *
 * Arguments: the anvil binary, then its arguments. Anvil's pid is printed on stderr as
 * `privnet-devnet: anvil pid <pid>`.
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
exit "$status"
`;
