# Sourced by up.sh and down.sh. `alive PID`: the process runs. Not `kill -0` alone: a killed
# instance whose parent has gone is a zombie until PID 1 reaps it (on some machines only every few
# seconds), and `kill -0` succeeds on a zombie, so up.sh took it for running and did not start it again.
alive() {
  [[ "$1" =~ ^[0-9]+$ ]] || return 1 # an empty pid file (nginx writes its own late) names nothing
  local state
  state=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}
