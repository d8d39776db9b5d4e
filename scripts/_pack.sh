# Sourced by scripts/gpu_session.sh: pack the session's scratch folder WORK into OUTDIR/session.tar.gz (one file: a
# device call returns at most 8). Each pack writes a temporary file of its own and renames it, so a call killed in
# the middle of a tar leaves the previous whole archive. start_packer also packs every PACK_EVERY seconds (default
# 60) in the background: a device call stopped at its time limit in the middle of a stage still returns what that
# stage has written so far (shapes.json is rewritten after each size), not only what the stages before it finished.
pack() {
  local part="$OUTDIR/.session.$BASHPID.part"
  tar czf "$part" -C "$WORK" . 2>/dev/null && mv -f "$part" "$OUTDIR/session.tar.gz" || rm -f "$part"
}
start_packer() {
  ( while sleep "${PACK_EVERY:-60}"; do pack; done ) &
  packer_pid=$!
}
stop_packer() {
  if [ -n "${packer_pid:-}" ]; then
    kill "$packer_pid" 2>/dev/null
    wait "$packer_pid" 2>/dev/null
    packer_pid=""
  fi
  rm -f "$OUTDIR"/.session.*.part
}
