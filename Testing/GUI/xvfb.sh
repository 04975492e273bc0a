# Loom GUI tests: sourced by the test scripts. One Xvfb on a free display, checked before a client starts;
# it and the client whose pid is in $client_pid are stopped when the script exits.
# A display no server holds (no lock file, no socket: another test's, or one a killed server left), and the
# server started here answering on it: a display taken meanwhile, or a server that died, and another is tried.
client_pid=
xvfb_pid=
trap 'kill $client_pid $xvfb_pid 2>/dev/null || true' EXIT
xvfb_up=
for _ in 1 2 3 4 5; do
  display_number=$((90 + RANDOM % 100))
  while [ -e "/tmp/.X$display_number-lock" ] || [ -e "/tmp/.X11-unix/X$display_number" ]; do
    display_number=$((90 + RANDOM % 100))
  done
  Xvfb ":$display_number" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  export DISPLAY=":$display_number"
  for _ in $(seq 1 50); do
    kill -0 $xvfb_pid 2>/dev/null || break
    xdpyinfo >/dev/null 2>&1 && break
    sleep 0.2
  done
  if kill -0 $xvfb_pid 2>/dev/null && xdpyinfo >/dev/null 2>&1; then
    xvfb_up=1
    break
  fi
  kill $xvfb_pid 2>/dev/null || true
done
[ -n "$xvfb_up" ] || { echo "Xvfb did not start"; exit 1; }

# play_events LOG EVENTS COMMAND...: runs COMMAND (the client and its arguments) with --test-script=EVENTS, output in
# LOG, until it reports the events finished (or failed) or exits; then runs $after_success when they passed (a
# screenshot while the client still shows) and stops the client. True when the client got to the end of the events.
play_events() {
  local log=$1 events=$2
  shift 2
  "$@" --test-script="$events" >"$log" 2>&1 &
  client_pid=$!
  for _ in $(seq 1 600); do grep -q "is finished\|Unhandled error" "$log" && break; kill -0 $client_pid 2>/dev/null || break; sleep 0.1; done
  if grep -q "Success =  true" "$log" && [ -n "${after_success:-}" ]; then eval "$after_success"; fi
  kill $client_pid 2>/dev/null || true
  for _ in $(seq 1 20); do kill -0 $client_pid 2>/dev/null || break; sleep 0.1; done
  kill -9 $client_pid 2>/dev/null || true
  wait $client_pid 2>/dev/null || true
  grep -q "is finished\|Unhandled error" "$log"
}
