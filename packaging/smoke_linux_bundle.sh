#!/usr/bin/env bash
# Before every release (too slow for every CI run): build the kit, then start the Linux app in a
# fresh Debian that has no Python and no Qt, only what any desktop Linux has (X11's libxcb and
# libX11, OpenGL, fontconfig and one font). Checks `--version`, a headless bot game, and that
# the window opens on an X server; leaves a screenshot in build/smoke/.
#
#     sudo packaging/smoke_linux_bundle.sh             # build, then test
#     sudo packaging/smoke_linux_bundle.sh --no-build  # test the kit already in dist/kit
#
# Needs root (debootstrap, chroot, mount). The Debian root is made once (a few minutes) and kept
# in $LANPURR_SMOKE_ROOT (default /var/tmp/lanpurr-smoke-debian). The app runs in a network
# namespace of its own with no interface but loopback, so it sends nothing onto the real network.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT_FS=${LANPURR_SMOKE_ROOT:-/var/tmp/lanpurr-smoke-debian}
DISPLAY_NUMBER=${LANPURR_SMOKE_DISPLAY:-77}
OUT=build/smoke
DESKTOP_BASICS=libx11-6,libxcb1,libgl1,libegl1,fontconfig,fonts-dejavu-core

say() { printf '\n== %s\n' "$*"; }

if [ "${1:-}" != "--no-build" ]; then
    say "building the kit"
    python3 packaging/build.py
fi
archive=$(ls dist/kit/downloads/lanpurr-*-linux-"$(uname -m)".tar.gz 2>/dev/null | head -n 1 || true)
if [ -z "$archive" ]; then
    echo "no Linux app in dist/kit/downloads: run python3 packaging/build.py first" >&2
    exit 1
fi

need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${need[@]}"
fi

if [ ! -x "$ROOT_FS/bin/sh" ]; then
    say "making a minimal Debian in $ROOT_FS"
    debootstrap --variant=minbase --include="$DESKTOP_BASICS" bookworm "$ROOT_FS" \
        http://deb.debian.org/debian
fi
say "the fresh Debian has no Python and no Qt"
if chroot "$ROOT_FS" sh -c 'command -v python3 || command -v python || ls /usr/lib/*/libQt6* /usr/lib/*/libxcb-cursor* 2>/dev/null'; then
    echo "the smoke root is not fresh: it has Python, Qt or xcb-cursor" >&2
    exit 1
fi

say "unpacking $archive"
rm -rf "$ROOT_FS/opt/lanpurr" "$ROOT_FS/tmp/home"
mkdir -p "$ROOT_FS/opt" "$ROOT_FS/tmp/home" "$ROOT_FS/tmp/.X11-unix" "$OUT"
tar xzf "$archive" -C "$ROOT_FS/opt"

cleanup() {
    [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "${xvfb_pid:-}" ] && kill "$xvfb_pid" 2>/dev/null || true
    umount "$ROOT_FS/tmp/.X11-unix" 2>/dev/null || true
    umount "$ROOT_FS/proc" 2>/dev/null || true
    umount "$ROOT_FS/dev" 2>/dev/null || true
}
trap cleanup EXIT
mount -t proc proc "$ROOT_FS/proc"
mount --bind /dev "$ROOT_FS/dev"

in_root() {
    unshare --net chroot "$ROOT_FS" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp/home \
        LANPURR_HOME=/tmp/home "$@"
}

say "lanpurr --version"
in_root /opt/lanpurr/lanpurr --version
say "a headless game between bots"
in_root /opt/lanpurr/lanpurr simulate momistigri --players 3 --games 3 --seed 1 | tail -n 3

say "the window, on an X server"
Xvfb ":$DISPLAY_NUMBER" -screen 0 1280x800x24 -nolisten tcp &
xvfb_pid=$!
sleep 2
mount --bind /tmp/.X11-unix "$ROOT_FS/tmp/.X11-unix"
in_root DISPLAY=":$DISPLAY_NUMBER" /opt/lanpurr/lanpurr > "$OUT/app.log" 2>&1 &
app_pid=$!
x() { DISPLAY=":$DISPLAY_NUMBER" "$@"; }
visible_window() { x xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1 || true; }
wait_for_window() {
    for _ in $(seq 1 60); do
        window=$(visible_window "$1")
        [ -n "$window" ] && return 0
        kill -0 "$app_pid" 2>/dev/null || return 1
        sleep 0.5
    done
    return 1
}
if ! wait_for_window lanpurr; then
    x import -window root "$OUT/fresh-debian-failed.png"
    echo "the window did not open; the app said:" >&2
    cat "$OUT/app.log" >&2
    exit 1
fi
echo "first window: $(x xdotool getwindowname "$window")"
x import -window root "$OUT/fresh-debian-first-run.png"
x xdotool windowfocus "$window"
x xdotool key Return  # accept the suggested name (a real key press, through XTEST)
if ! wait_for_window "choose a game"; then
    x import -window root "$OUT/fresh-debian-failed.png"
    echo "the lobby did not open; the app said:" >&2
    cat "$OUT/app.log" >&2
    exit 1
fi
sleep 2
x import -window root "$OUT/fresh-debian-lobby.png"
echo "lobby open: $(x xdotool getwindowname "$window")"
echo "screenshots: $OUT/fresh-debian-first-run.png $OUT/fresh-debian-lobby.png"
say "smoke test passed"
