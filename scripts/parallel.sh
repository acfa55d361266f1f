# Sourced by scripts/test.sh and .ci/run: `together NAME 'COMMAND' NAME 'COMMAND' …` runs the
# commands at once, each with its output kept aside, then prints each output whole, with how long
# it took: those that passed first, in the order given, then those that failed, so that the end of
# the log (all a CI summary may keep) shows the failure. Fails (after all have ended) if any
# failed, and says which.
# Most test steps wait on a browser, a server or a database much of their time: two of them side
# by side use the second core that one alone leaves idle.
together() {
  local dir names=() pids=() failed=() i
  dir=$(mktemp -d)
  while [ $# -gt 0 ]; do
    names+=("$1")
    (
      started=$SECONDS
      set +e
      bash -c "$2" >"$dir/${#names[@]}.log" 2>&1
      code=$?
      echo "$((SECONDS - started))" >"$dir/${#names[@]}.time"
      exit $code
    ) &
    pids+=($!)
    shift 2
  done
  local codes=()
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then codes+=(0); else codes+=(1); fi
  done
  for pass in 0 1; do
    for i in "${!names[@]}"; do
      [ "${codes[$i]}" = "$pass" ] || continue
      [ "$pass" = 1 ] && failed+=("${names[$i]}")
      printf '\n-- %s (%s s)%s\n' "${names[$i]}" "$(cat "$dir/$((i + 1)).time")" "$([ "$pass" = 1 ] && echo ', FAILED')"
      cat "$dir/$((i + 1)).log"
    done
  done
  rm -rf "$dir"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}" >&2
    return 1
  fi
}
