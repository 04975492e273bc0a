# Loom GUI tests: sourced by the test scripts. One Xvfb on a free display, checked before a client starts;
# it and the client whose pid is in $client_pid are stopped when the script exits.
display_number=$((90 + RANDOM % 100))
Xvfb ":$display_number" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
client_pid=
trap 'kill $client_pid $xvfb_pid 2>/dev/null || true' EXIT
export DISPLAY=":$display_number"
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
xdpyinfo >/dev/null 2>&1 || { echo "Xvfb did not start"; exit 1; }

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
