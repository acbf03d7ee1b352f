#!/usr/bin/env bash
# Base images for docker/Dockerfile and docker/prebuilt.Dockerfile on a host that reaches no image registry, made from
# Debian packages only (docs/docker.adoc, "A host without a registry"). An operator recipe, not part of a run:
# debootstrap needs root, and what it does (a root file system from a package mirror, imported as an image) is the
# engine's and the distribution's business, not mailbench's.
#
#   sudo docker/debian-bases.sh                 # makes the three tags below (2-4 minutes; skips a tag that exists)
#   sudo docker/debian-bases.sh jre17           # only mailbench-base:bookworm and :jre17 (enough for the node and runtime images)
#   MAILBENCH_BASE_REBUILD=1 sudo docker/debian-bases.sh   # makes them again
#
# Tags it makes:
#   mailbench-base:bookworm   debootstrap --variant=minbase + ca-certificates, curl and the host's extra CA certificates
#   mailbench-base:jre17      + openjdk-17-jre-headless   (RUNTIME_IMAGE: the runtime and node images)
#   mailbench-base:maven      + openjdk-17-jdk-headless, maven   (BUILD_IMAGE: the build and injector stages)
#
# Knobs (environment): MAILBENCH_DEBIAN_MIRROR (default: the first deb.debian.org-style URI of this host's apt sources,
# else http://deb.debian.org/debian), MAILBENCH_DEBIAN_SUITE (default bookworm), MAILBENCH_EXTRA_CA_DIR (default
# /usr/local/share/ca-certificates: the roots this host trusts beyond Debian's bundle, e.g. a proxy's; without them
# Maven inside the containers fails with "PKIX path building failed" behind such a proxy).
set -euo pipefail

suite=${MAILBENCH_DEBIAN_SUITE:-bookworm}
ca_dir=${MAILBENCH_EXTRA_CA_DIR:-/usr/local/share/ca-certificates}
mirror=${MAILBENCH_DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
  mirror=$(grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
    | awk '{print $2}' | head -n 1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
fi

die() { echo "debian-bases: $*" >&2; exit 1; }
[[ $(id -u) -eq 0 ]] || die "debootstrap needs root: run it with sudo"
command -v docker >/dev/null || die "no docker client: apt-get install docker.io"
docker info >/dev/null 2>&1 || die "no Docker engine answers: start it (systemctl start docker, or: setsid dockerd >/var/log/dockerd.log 2>&1 &)"
command -v debootstrap >/dev/null || die "no debootstrap: apt-get install debootstrap"

exists() { [[ -z ${MAILBENCH_BASE_REBUILD:-} ]] && docker image inspect "$1" >/dev/null 2>&1; }

if exists mailbench-base:bookworm; then
  echo "debian-bases: mailbench-base:bookworm exists"
else
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  echo "debian-bases: debootstrap $suite from $mirror"
  debootstrap --variant=minbase --include=ca-certificates,curl "$suite" "$root" "$mirror" >/dev/null
  # the image's own apt reaches the same mirror, with its security updates
  printf 'deb %s %s main\ndeb %s %s-updates main\n' "$mirror" "$suite" "$mirror" "$suite" > "$root/etc/apt/sources.list"
  if compgen -G "$ca_dir/*.crt" >/dev/null; then
    cp "$ca_dir"/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null 2>&1
  fi
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | docker import --change 'ENV LANG=C.UTF-8' - mailbench-base:bookworm >/dev/null
  echo "debian-bases: made mailbench-base:bookworm"
fi

# the two JDK bases as small builds on it; apt inside reaches the mirror as the host does
derive() {
  local tag=$1 packages=$2
  if exists "$tag"; then
    echo "debian-bases: $tag exists"
    return
  fi
  printf '%s\n' "FROM mailbench-base:bookworm" \
    "RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null \\" \
    " && rm -rf /var/lib/apt/lists/*" \
    | docker build -q -t "$tag" - >/dev/null
  echo "debian-bases: made $tag"
}
wanted=${*:-jre17 maven}
[[ " $wanted " == *" jre17 "* ]] && derive mailbench-base:jre17 "openjdk-17-jre-headless"
[[ " $wanted " == *" maven "* ]] && derive mailbench-base:maven "openjdk-17-jdk-headless maven"
exit 0
