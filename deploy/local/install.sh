#!/usr/bin/env bash
# Install the local infrastructure binaries (idempotent). See --help.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

INSTALL_COMPONENTS=(postgres redis clickhouse nginx kafka)

usage() {
  cat <<EOF
Usage: deploy/local/install.sh [component...]

Installs what is missing for the local infrastructure (no-op when present):
  postgres    Debian package postgresql        (only if no PostgreSQL binaries exist)
  redis       Debian package redis-server
  clickhouse  Debian packages clickhouse-server clickhouse-client
  nginx       Debian package nginx-light
  kafka       Apache Kafka jars from Maven Central (deploy/local/kafka/pom.xml)
              into \$QUIRE_INFRA_DIR/kafka/libs (needs java + mvn; installs
              Debian's openjdk-17-jre-headless / maven when missing)
  chromium    Debian package chromium, for the browser test of the API reference
              page (not part of the default)
  git         Debian package git, whose git-http-backend is the Git server of the
              Git Sync tests (not part of the default)
Default: all of them but chromium and git. Package services are never started (policy-rc.d exits 101);
use deploy/local/infra.sh to run the servers.

Environment:
  QUIRE_INFRA_DIR   state directory (default: <repo>/.infra, now: $QUIRE_INFRA_DIR)
EOF
}

for arg in "$@"; do
  case "$arg" in
    -h | --help)
      usage
      exit 0
      ;;
    postgres | redis | clickhouse | nginx | kafka | chromium | git) ;;
    *)
      die "unknown component: $arg (try --help)"
      ;;
  esac
done
if (($# > 0)); then
  INSTALL_COMPONENTS=("$@")
fi

SUDO=()
if ! is_root && command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive

pkg_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

# Make sure package maintainer scripts cannot start services while we install
# (there is no init system here; a started service would also squat the ports).
POLICY_RC=/usr/sbin/policy-rc.d
POLICY_RC_CREATED=0
policy_rc_on() {
  if [[ -e "$POLICY_RC" ]]; then
    if ! grep -q 'exit 101' "$POLICY_RC"; then
      warn "$POLICY_RC exists and may allow services to start during install"
    fi
    return 0
  fi
  printf '#!/bin/sh\n# Created by quire deploy/local/install.sh; removed when it ends.\nexit 101\n' |
    "${SUDO[@]}" tee "$POLICY_RC" >/dev/null
  "${SUDO[@]}" chmod 755 "$POLICY_RC"
  POLICY_RC_CREATED=1
}
policy_rc_off() {
  if ((POLICY_RC_CREATED)); then
    "${SUDO[@]}" rm -f "$POLICY_RC"
    POLICY_RC_CREATED=0
  fi
}
trap policy_rc_off EXIT

APT_UPDATED=0
# apt_install LABEL PACKAGE... : install the packages that are not installed yet.
apt_install() {
  local label="$1" p t0
  shift
  local missing=()
  for p in "$@"; do
    pkg_installed "$p" || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    say "$label: already installed ($*)"
    return 0
  fi
  if ! is_root && ((${#SUDO[@]} == 0)); then
    die "installing ${missing[*]} needs root (or sudo)"
  fi
  say "installing $label (${missing[*]})"
  t0="$(now_ms)"
  policy_rc_on
  local apt=("${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q
    -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  if ! "${apt[@]}" install --no-install-recommends "${missing[@]}"; then
    if ((APT_UPDATED)); then
      die "apt-get install ${missing[*]} failed"
    fi
    say "apt-get install failed; running apt-get update and retrying"
    "${apt[@]}" update
    APT_UPDATED=1
    "${apt[@]}" install --no-install-recommends "${missing[@]}" || die "apt-get install ${missing[*]} failed"
  fi
  say "installed $label in $(elapsed "$t0" "$(now_ms)")"
}

install_postgres() {
  local bindir
  bindir="$(pg_bindir)"
  if [[ -n "$bindir" && -x "$bindir/initdb" && -x "$bindir/pg_ctl" && -x "$bindir/psql" ]]; then
    say "postgres: binaries present ($bindir)"
    return 0
  fi
  apt_install postgres postgresql
}

install_kafka() {
  local libs="$QUIRE_INFRA_DIR/kafka/libs" pom="$QUIRE_LOCAL_DIR/kafka/pom.xml" stamp t0
  stamp=".installed-$(sha256sum "$pom" | cut -c1-16)"
  if [[ -f "$libs/$stamp" ]] && compgen -G "$libs/kafka_2.13-*.jar" >/dev/null; then
    say "kafka: jars already present ($libs)"
    return 0
  fi
  command -v java >/dev/null 2>&1 || apt_install java openjdk-17-jre-headless
  command -v mvn >/dev/null 2>&1 || apt_install maven maven
  say "installing kafka jars from Maven Central into $libs"
  t0="$(now_ms)"
  mkdir -p "$QUIRE_INFRA_DIR/kafka"
  rm -rf "$libs.tmp"
  # (sed: Debian's Maven 3.8 prints bare colour-reset codes even with -q)
  mvn -B -q -Dstyle.color=never -f "$pom" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$libs.tmp" </dev/null 2>&1 | sed 's/\x1b\[[0-9;]*m//g' ||
    die "mvn dependency:copy-dependencies failed"
  compgen -G "$libs.tmp/kafka_2.13-*.jar" >/dev/null || die "no kafka_2.13 jar was copied to $libs.tmp"
  rm -rf "$libs"
  mv "$libs.tmp" "$libs"
  touch "$libs/$stamp"
  say "installed kafka jars ($(find "$libs" -name '*.jar' | wc -l) jars) in $(elapsed "$t0" "$(now_ms)")"
}

T_ALL="$(now_ms)"
for c in "${INSTALL_COMPONENTS[@]}"; do
  case "$c" in
    postgres) install_postgres ;;
    redis) apt_install redis-server redis-server ;;
    clickhouse)
      apt_install clickhouse-server clickhouse-server clickhouse-client
      command -v curl >/dev/null 2>&1 || apt_install curl curl
      ;;
    nginx) apt_install nginx-light nginx-light ;;
    kafka) install_kafka ;;
    chromium) apt_install chromium chromium ;;
    git) apt_install git git ;;
  esac
done
policy_rc_off
say "install done in $(elapsed "$T_ALL" "$(now_ms)")"
