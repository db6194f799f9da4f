# Keyform: `make run` shows the demo, `make test` runs every test. Both install what is missing.

# Debian packages: the C libraries we link, fonts, and the X tools the demo and tests use.
APT_PACKAGES := pkg-config libxcb1-dev libxcb-xkb-dev libxcb-xtest0-dev libxcb-damage0-dev libxcb-xinput-dev libxcb-cursor-dev libxkbcommon-dev libxkbcommon-x11-dev \
	libcairo2-dev libpango1.0-dev fonts-dejavu-core xvfb xauth x11-xkb-utils xdotool xclip x11-apps x11-utils imagemagick
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT_BUILD_FLAGS ?=

.PHONY: all deps build run test bench clean

all: build

# Installs only what is missing, so a machine that has everything runs no apt at all.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@command -v swift >/dev/null || { echo "Swift is not on PATH: install Swift 6 first (https://swift.org/install)"; exit 1; }

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

# The demo: a window on $$DISPLAY, or with no display the demo tour on a private Xvfb.
# Exit status 1 (the form was cancelled) is not a failure of `make run`.
run: build
	@"$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/keyform"; status=$$?; [ $$status -le 1 ]

# Core logic, replay, and end-to-end tests under a private Xvfb.
test: deps
	swift test $(SWIFT_BUILD_FLAGS)

# The peers `make bench` measures Keyform against; only the benchmark installs them.
BENCH_PACKAGES := zenity yad tk

# Keyform, Tk, zenity and yad on one private Xvfb, and the engine headless, in release mode with
# the Swift runtime linked in (as Keyform would ship: 6 MiB less memory, 8 ms less start-up).
# The table goes to bench/results/ and standard output (bench/latest.md is the README's copy).
BENCH_BUILD_FLAGS := -c release --static-swift-stdlib $(SWIFT_BUILD_FLAGS)
bench: deps
	@missing=$$(for p in $(BENCH_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	swift build $(BENCH_BUILD_FLAGS)
	"$$(swift build $(BENCH_BUILD_FLAGS) --show-bin-path)/keyform-bench" $(BENCH_ARGS)

clean:
	rm -rf .build keyform-tour
