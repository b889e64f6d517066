#!/usr/bin/env bash
# The logic of the GitHub Action (action.yml at the repository's root), runnable without GitHub.
#
#   scripts/action.sh install   install deckcheck from the action's own folder into a virtual
#                               environment, and say where it is (DECKCHECK=... into $GITHUB_ENV)
#   scripts/action.sh check     check the decks; exit with deckcheck's exit code
#
# The action's inputs come as environment variables, as GitHub names them:
#   INPUT_PATHS   deck files, folders or globs, one per line (default: . , the whole repository)
#   INPUT_FORMAT  standard, standard-bo1, casual, 2v2 or a format file (empty: the repository's
#                 settings, else standard)
#   INPUT_AS_OF   the date whose rules and bans apply, YYYY-MM-DD (empty: the settings, else today)
#   INPUT_ARGS    more options for `deckcheck check`, split as a shell splits words (nothing is run)
#   INPUT_SARIF   a file to write SARIF to, for code scanning (empty: none)
# DECKCHECK names the deckcheck to run (default: the one on PATH). With GITHUB_OUTPUT set, the
# step's outputs exit-code and sarif are written to it.
set -euo pipefail
set -f  # globs are deckcheck's to expand (it walks folders and knows which files are decks)

here="$(cd "$(dirname "$0")/.." && pwd)"

install() {
  local venv="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/deckcheck-action"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${GITHUB_ACTION_PATH:-$here}"
  echo "deckcheck $("$venv/bin/deckcheck" --version | awk '{print $NF}') installed in $venv"
  if [ -n "${GITHUB_ENV:-}" ]; then
    echo "DECKCHECK=$venv/bin/deckcheck" >>"$GITHUB_ENV"
  fi
}

# Each line of INPUT_PATHS, trimmed, as one path (a path may hold spaces), one a line; none gives ".".
paths() {
  local line found=0
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    if [ -n "$line" ]; then
      printf '%s\n' "$line"
      found=1
    fi
  done <<<"${INPUT_PATHS:-}"
  if [ "$found" -eq 0 ]; then
    echo .
  fi
}

# INPUT_ARGS split into words as a shell would (quotes keep words together), one a line; nothing is run.
extra_args() {
  python3 -c 'import shlex, sys
try:
    words = shlex.split(sys.argv[1])
except ValueError as error:
    sys.exit(f"deckcheck action: args: {error} in {sys.argv[1]!r}")
print(*words, sep="\n")' "${INPUT_ARGS:-}"
}

check() {
  local deckcheck="${DECKCHECK:-deckcheck}" listed worded item
  local -a command=(check)
  listed="$(paths)"
  worded="$(extra_args)"
  while IFS= read -r item; do command+=("$item"); done <<<"$listed"
  if [ -n "${INPUT_FORMAT:-}" ]; then command+=(--format "$INPUT_FORMAT"); fi
  if [ -n "${INPUT_AS_OF:-}" ]; then command+=(--as-of "$INPUT_AS_OF"); fi
  if [ -n "$worded" ]; then
    while IFS= read -r item; do command+=("$item"); done <<<"$worded"
  fi

  # One annotation per problem, on its file and line; deckcheck's exit code is the step's.
  local code=0
  "$deckcheck" "${command[@]}" --output github || code=$?
  if [ -n "${INPUT_SARIF:-}" ]; then
    # The same check as SARIF for code scanning, also when a deck is illegal (the upload shows why).
    # Its stderr repeats the run above, so it is shown only when it exits 2 (a file it could not
    # read, or the SARIF file it could not write): then the step fails with 2 too.
    local said sarif_code=0
    said="$(mktemp)"
    "$deckcheck" "${command[@]}" --output sarif --out-file "$INPUT_SARIF" >/dev/null 2>"$said" || sarif_code=$?
    if [ "$sarif_code" -eq 2 ]; then
      cat "$said" >&2
      code=2
    fi
    rm -f "$said"
  fi
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
      echo "exit-code=$code"
      echo "sarif=${INPUT_SARIF:-}"
    } >>"$GITHUB_OUTPUT"
  fi
  return "$code"
}

case "${1:-}" in
  install) install ;;
  check) check ;;
  *)
    echo "usage: $0 install|check (the inputs come as INPUT_PATHS, INPUT_FORMAT, INPUT_AS_OF, INPUT_ARGS, INPUT_SARIF)" >&2
    exit 2
    ;;
esac
