# Sourced by scripts/demo and scripts/test: make sure .venv exists with tests/requirements.txt.
# Sets VENV_PY to the venv's python. Needs python3 with the venv module (on Debian:
# apt-get install python3-venv); falls back to virtualenv when venv is unusable.

ensure_venv() {
    local root="$1"
    local venv="$root/.venv"
    local req="$root/tests/requirements.txt"
    local stamp="$venv/.requirements.sha"
    local want
    want="$(sha256sum "$req" | cut -d' ' -f1)"
    if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        local py="${PYTHON:-python3}"
        command -v "$py" >/dev/null || { echo "error: $py not found; install Python 3.10+" >&2; return 1; }
        if [ ! -x "$venv/bin/python" ]; then
            echo "==> creating $venv with $("$py" --version 2>&1)"
            if ! "$py" -m venv "$venv" 2>/dev/null || [ ! -x "$venv/bin/pip" ]; then
                rm -rf "$venv"
                if "$py" -m virtualenv --version >/dev/null 2>&1; then
                    "$py" -m virtualenv -q "$venv"
                else
                    echo "error: '$py -m venv' does not work here. On Debian/Ubuntu: apt-get install python3-venv" >&2
                    return 1
                fi
            fi
        fi
        echo "==> installing tests/requirements.txt into .venv"
        "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$req"
        echo "$want" > "$stamp"
    fi
    VENV_PY="$venv/bin/python"
}
