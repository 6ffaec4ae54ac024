#!/usr/bin/env bash
# Checks one release binary as the release workflow does: that it reports the crate's version
# (and, built from an untagged commit, that commit's date and hash) and that its bench signature equals the one recorded in the commit history (the newest
# `Bench: N` line of a commit message). A binary built for CPU features this machine lacks
# cannot be run: then only that is reported, and the exit status is 0.
#
# Usage: tools/release/check_binary.sh BINARY TARGET TARGET_CPU
#   TARGET      the Rust target triple it was built for (x86_64-unknown-linux-musl, ...)
#   TARGET_CPU  the -C target-cpu it was built with (x86-64-v3, ...; "generic" for none)
# Needs rustc (to list the CPU features) and git, and is run from the repository.
set -euo pipefail
bin=$1 target=$2 cpu=$3
cd "$(dirname "$0")/../.."

features() { # target-feature names rustc enables for $1 = target, $2 = target-cpu
  rustc --print cfg --target "$1" -C target-cpu="$2" |
    sed -n 's/^target_feature="\(.*\)"$/\1/p' | sort -u
}
host=$(rustc -vV | sed -n 's/^host: //p')
if [[ ${target%%-*} != "${host%%-*}" ]]; then
  echo "check: $bin is for $target, this machine is $host: not run"
  exit 0
fi
# Both lists for the binary's own target, so target-only features (crt-static) cancel out.
missing=$(comm -23 <(features "$target" "$cpu") <(features "$target" native) | tr '\n' ' ')
if [[ -n $missing ]]; then
  echo "check: this CPU lacks $missing needed by $bin ($cpu): not run"
  exit 0
fi

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
reported=$("$bin" --version | tr -d '\r')
# A commit tagged v<version> is a release and says only its version; any other build adds
# the commit's UTC date and hash, as uci-cli/build.rs writes them.
if git tag --points-at HEAD | grep -qx "v$version"; then
  wanted="Tsubame $version"
else
  date=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d)
  wanted="Tsubame $version dev-$date-$(git rev-parse HEAD | cut -c1-8)"
fi
if [[ $reported != "$wanted" ]]; then
  echo "check: $bin reports '$reported', expected '$wanted'" >&2
  exit 1
fi

expected=$(git log --format=%B HEAD | sed -n 's/^Bench: *\([0-9][0-9]*\).*/\1/p' | head -n 1)
last=$("$bin" bench | tail -n 1 | tr -d '\r')
signature=${last%% *}
if [[ -z $expected ]]; then
  echo "check: no commit message carries 'Bench: N' to compare with" >&2
  exit 1
fi
if [[ $signature != "$expected" ]]; then
  echo "check: $bin's bench gives $signature nodes, the commit history says $expected" >&2
  exit 1
fi
echo "check: $bin: $reported, bench '$last' matches Bench: $expected"
