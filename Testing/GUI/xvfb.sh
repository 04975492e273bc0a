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
