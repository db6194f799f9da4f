# Keyform: `make run` shows the demo, `make test` runs every test. Both install what is missing.

# Debian packages: the C libraries we link (GLib's GIO for the accessibility bus, xcb-imdkit for
# input methods, xcb-randr for a monitor's size), fonts, and the X tools the demo and tests use.
APT_PACKAGES := pkg-config libxcb1-dev libxcb-xkb-dev libxcb-xtest0-dev libxcb-xfixes0-dev libxcb-damage0-dev libxcb-xinput-dev libxcb-cursor-dev libxkbcommon-dev libxkbcommon-x11-dev \
	libxcb-imdkit-dev libxcb-randr0-dev libxcb-render0-dev libxcb-shm0-dev libcairo2-dev libpango1.0-dev libfontconfig-dev libglib2.0-dev fonts-dejavu-core xvfb xauth x11-xkb-utils xdotool xclip x11-apps x11-utils imagemagick strace
# What only the tests use: a session bus (dbus-launch, gdbus), the accessibility bus and its
# registry, a pyatspi client playing the screen reader, zenity and yad (the GTK dialogs the
# accessibility and compatibility tests check against), the input methods the tests type Korean,
# Chinese and Japanese through (ibus and its Hangul, pinyin, Anthy and Mozc engines; uim with
# Anthy, its XIM server and its GTK module; a font with Hangul); xrdb, which sets Xft.dpi for the
# scale tests; openbox, the window manager the tests of an active and an inactive window run under;
# GNOME's schemas and dconf, for the test of `--theme auto` following GNOME's colour scheme; zsh
# and fish, which the tests complete keyform's command line in, and mandoc, which lints its man page;
# Orca, the screen reader the tests listen to, and speech-dispatcher, whose log says what it spoke.
TEST_PACKAGES := dbus dbus-x11 libglib2.0-bin gsettings-desktop-schemas dconf-gsettings-backend at-spi2-core python3-pyatspi zenity yad ibus ibus-hangul fonts-nanum x11-xserver-utils openbox \
	zsh fish mandoc orca speech-dispatcher ibus-libpinyin ibus-anthy ibus-mozc uim uim-xim uim-anthy uim-gtk3 locales
# fcitx5, its Hangul, pinyin, Anthy and Mozc input methods and its GTK module, for the tests too;
# without their recommends, which are Qt.
TEST_PACKAGES_NO_RECOMMENDS := fcitx5 fcitx5-hangul fcitx5-chinese-addons fcitx5-anthy fcitx5-mozc fcitx5-frontend-gtk3
# The locale uim's XIM server and GTK's XIM module type Japanese under (uim-xim converts to it).
TEST_LOCALE := ja_JP.UTF-8
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT_BUILD_FLAGS ?=

.PHONY: all deps test-deps build run test test-sanitize test-shipping test-long test-orca approve-golden bench-deps bench bench-floor install uninstall clean

all: build

# Installs only what is missing, so a machine that has everything runs no apt at all.
# Installs those of the packages $(1) that are missing, with apt-get options $(2).
INSTALL_MISSING = missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(2) $$missing; \
	fi

deps:
	@$(call INSTALL_MISSING,$(APT_PACKAGES))
	@command -v swift >/dev/null || { echo "Swift is not on PATH: install Swift 6 first (https://swift.org/install)"; exit 1; }

test-deps: deps
	@$(call INSTALL_MISSING,$(TEST_PACKAGES))
	@$(call INSTALL_MISSING,$(TEST_PACKAGES_NO_RECOMMENDS),--no-install-recommends)
	@locale -a | grep -qi '^$(subst UTF-8,utf8,$(TEST_LOCALE))$$' || { \
		echo "Generating the locale $(TEST_LOCALE)"; \
		$(SUDO) sed -i 's/^# *\($(TEST_LOCALE) UTF-8\)/\1/' /etc/locale.gen && $(SUDO) locale-gen; }

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

# The demo: a window on $$DISPLAY, or with no display the demo tour on a private Xvfb.
# Exit status 1 (the form was cancelled) is not a failure of `make run`.
run: build
	@"$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/keyform"; status=$$?; [ $$status -le 1 ]

# Core logic, replay, and end-to-end tests under a private Xvfb (and its accessibility bus).
test: test-deps
	swift test $(SWIFT_BUILD_FLAGS)

# After a golden test failed on a change that is right: what it drew or recorded (NAME.new.png,
# NAME.new.txt, beside the approved ones in Tests/Golden) becomes the approved. Look at each
# first; committing them is the approval.
approve-golden:
	@for new in $$(find Tests/Golden -name '*.new.png' -o -name '*.new.txt'); do \
		approved="$${new%.new.*}.$${new##*.}"; mv "$$new" "$$approved"; rm -f "$${new%.new.png}.diff.png"; echo "approved $$approved"; \
	done

# The suite under AddressSanitizer (with LeakSanitizer) and under ThreadSanitizer, each in its own
# build folder. Every instrumented process, the test runner and each keyform it starts, writes
# its report to $(SANITIZER_LOGS), and any report fails the target. The Swift backtracer is off:
# it reads other threads' stacks, which ASan reports instead of the crash it was printing. A leak
# whose stack stops in a system library: run again with ASAN_OPTIONS=fast_unwind_on_malloc=0 added
# for the whole stack (five times slower, too slow for the timing of the window tests).
SANITIZER_LOGS := $(CURDIR)/.build-sanitizer-logs
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no \
	ASAN_OPTIONS=log_path=$(SANITIZER_LOGS)/asan:handle_sigill=1:handle_abort=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	TSAN_OPTIONS=log_path=$(SANITIZER_LOGS)/tsan
test-sanitize: test-deps
	@rm -rf $(SANITIZER_LOGS) && mkdir -p $(SANITIZER_LOGS); status=0; \
	$(SANITIZER_ENV) swift test --scratch-path .build-asan --sanitize=address $(SWIFT_BUILD_FLAGS) || status=1; \
	$(SANITIZER_ENV) swift test --scratch-path .build-tsan --sanitize=thread $(SWIFT_BUILD_FLAGS) || status=1; \
	for report in $(SANITIZER_LOGS)/*; do [ -e "$$report" ] && { cat "$$report"; status=1; }; done; \
	[ $$status = 0 ] && echo "test-sanitize: no reports"; exit $$status

# The long suite (RELIABILITY.md): a million generated events, a long parser fuzz run from the
# seed it prints (FUZZ_SEED=N repeats a run), and 10 minutes of typing at 30 keys a second.
test-long: test-deps
	@seed=$(FUZZ_SEED); seed=$${seed:-$$(date +%s)}; echo "test-long: parser fuzz seed $$seed (repeat: make test-long FUZZ_SEED=$$seed)"; \
	KEYFORM_PROPERTY_EVENTS=1000000 KEYFORM_FUZZ_INPUTS=200000 KEYFORM_FUZZ_SEED=$$seed \
		swift test $(SWIFT_BUILD_FLAGS) --filter 'PropertyTests|ParserFuzzTests'
	KEYFORM_SOAK_SECONDS=600 swift test $(SWIFT_BUILD_FLAGS) --filter SoakTests

# Orca itself reading the form beside zenity (OrcaTests, part of `make test`), alone.
test-orca: test-deps
	swift test $(SWIFT_BUILD_FLAGS) --filter OrcaTests

# The build Keyform ships: what `make install` installs and `make bench` measures, the Swift floor
# built with the same flags (SHIPPING_SWIFTC_FLAGS). In release mode with the Swift runtime and
# libstdc++ linked in, by lld with packed relative relocations. Each saves resident memory in the
# open window: linking the runtime in 3 MiB, libstdc++ 0.9 MiB (the shared one's symbols and
# relocations, for the little the runtime uses), packing 0.7 MiB (the classic relocation table is
# read whole at every start). No symbol is exported: linking the runtime in asks the linker to
# export every public symbol of the program's own modules, 3,200 of them, whose tables were read at
# every start and searched first by every library's symbol lookup; nothing looks them up by name.
# The metadata of a concrete generic type (an array of a struct, a dictionary) comes from its
# accessor function, not from its mangled name, which the runtime demangles and looks up by name
# the first time: that lookup was 11% of the main thread's instructions on the way to the first
# paint (callgrind).
STATIC_CXX := $(CURDIR)/.build-static-cxx
SHIPPING_SWIFTC_FLAGS := -L$(STATIC_CXX) -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xfrontend -disable-concrete-type-metadata-mangled-name-accessors
SHIPPING_BUILD_FLAGS := -c release --static-swift-stdlib $(addprefix -Xswiftc ,$(SHIPPING_SWIFTC_FLAGS)) $(SWIFT_BUILD_FLAGS)

# A folder holding only libstdc++.a: searched before the compiler's own, it makes the runtime's
# `-lstdc++` link the archive instead of the shared library.
$(STATIC_CXX)/libstdc++.a:
	@mkdir -p $(STATIC_CXX) && ln -sf "$$(clang -print-file-name=libstdc++.a)" $@

# The window's tests (the end-to-end suite) on the shipping build instead of the debug build
# `make test` runs them on: what `make install` installs (the demo tour beside it).
test-shipping: test-deps $(STATIC_CXX)/libstdc++.a
	swift build $(SHIPPING_BUILD_FLAGS) --product keyform-tour
	swift build $(SHIPPING_BUILD_FLAGS) --product keyform
	KEYFORM_BINARY="$$(swift build $(SHIPPING_BUILD_FLAGS) --show-bin-path)/keyform" swift test $(SWIFT_BUILD_FLAGS) --filter KeyformEndToEndTests

# The peers `make bench` measures Keyform against, the input method it measures Keyform through, and
# the screen reader (Orca, speech-dispatcher) it measures Keyform and zenity with;
# only the benchmark installs them.
BENCH_PACKAGES := zenity yad tk ibus ibus-hangul dbus-x11 valgrind x11-utils xdotool at-spi2-core orca speech-dispatcher

# The keyboard floors (bench/floor/): the least a keyboard form window on our stack can be, in C and
# in Swift linked as Keyform ships (above), that `make bench` reports every figure against.
FLOOR := $(CURDIR)/.build-floor
$(FLOOR)/floor-c: bench/floor/floor.c
	@mkdir -p $(FLOOR)
	cc -O2 $< $$(pkg-config --cflags --libs xcb cairo pangocairo xkbcommon-x11) -o $@
# The Swift floor is built as Keyform ships (SHIPPING_SWIFTC_FLAGS, with the Makefile as a
# prerequisite so that a change of flags builds it again).
$(FLOOR)/floor-swift: bench/floor/floor.swift bench/floor/floor.h bench/floor/module.modulemap Makefile $(STATIC_CXX)/libstdc++.a
	@mkdir -p $(FLOOR)
	swiftc -O -static-stdlib -I bench/floor $$(pkg-config --cflags-only-I xcb cairo pangocairo xkbcommon-x11 | sed 's/-I/-Xcc -I/g') \
		$(SHIPPING_SWIFTC_FLAGS) -module-cache-path $(FLOOR)/modules bench/floor/floor.swift -o $@

# The floors, Keyform, Tk, zenity and yad on one private Xvfb, Keyform with and without ibus, and
# the engine headless, Keyform in the shipping build (above). The tables go to bench/results/ and
# standard output (bench/latest.md is the README's copy). `make bench-floor`: the floor table alone.
bench-deps: deps $(STATIC_CXX)/libstdc++.a
	@$(call INSTALL_MISSING,$(BENCH_PACKAGES))

bench: bench-deps $(FLOOR)/floor-c $(FLOOR)/floor-swift
	swift build $(SHIPPING_BUILD_FLAGS)
	"$$(swift build $(SHIPPING_BUILD_FLAGS) --show-bin-path)/keyform-bench" --floor $(FLOOR) $(BENCH_ARGS)

bench-floor: bench-deps $(FLOOR)/floor-c $(FLOOR)/floor-swift
	swift build $(SHIPPING_BUILD_FLAGS)
	"$$(swift build $(SHIPPING_BUILD_FLAGS) --show-bin-path)/keyform-bench" --floor $(FLOOR) --only window \
		--programs floor-c,floor-swift,Keyform,Tk --sizes "" --input-method none $(BENCH_ARGS)

# `make install`: the shipping build (above) as $(PREFIX)/bin/keyform, the demo tour it runs with no
# display as $(PREFIX)/libexec/keyform/keyform-tour, its man page, bash, zsh and fish completions,
# and the demo form, each under $(DESTDIR)$(PREFIX); `make uninstall` removes those files and
# share/keyform and libexec/keyform if they are left empty. The program finds the demo at
# ../share/keyform/ from itself, so any PREFIX works. InstallTests sets INSTALL_BUILD_FLAGS to the
# debug build the tests already made: the release build takes minutes.
PREFIX ?= /usr/local
INSTALL_BUILD_FLAGS ?= $(SHIPPING_BUILD_FLAGS)
DEST_BIN = $(DESTDIR)$(PREFIX)/bin/keyform
DEST_TOUR = $(DESTDIR)$(PREFIX)/libexec/keyform/keyform-tour
DEST_MAN = $(DESTDIR)$(PREFIX)/share/man/man1/keyform.1
DEST_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions/keyform
DEST_ZSH = $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_keyform
DEST_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/keyform.fish
DEST_DEMO = $(DESTDIR)$(PREFIX)/share/keyform/demo-form.json

# The man page and the completions are the program's own, written from the tables its help and
# parsing read (`keyform --generate-manual DATE`, `--generate-completion-script SHELL`); the page
# is dated by the last commit, so the same source gives the same page.
MAN_DATE = $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

install: deps $(STATIC_CXX)/libstdc++.a
	swift build $(INSTALL_BUILD_FLAGS) --product keyform
	swift build $(INSTALL_BUILD_FLAGS) --product keyform-tour
	@set -e; bin="$$(swift build $(INSTALL_BUILD_FLAGS) --show-bin-path)"; \
	stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	"$$bin/keyform" --generate-manual $(MAN_DATE) > "$$stage/keyform.1"; \
	for shell in bash zsh fish; do "$$bin/keyform" --generate-completion-script $$shell > "$$stage/$$shell"; done; \
	install -D -m 755 "$$bin/keyform" "$(DEST_BIN)"; \
	install -D -m 755 "$$bin/keyform-tour" "$(DEST_TOUR)"; \
	install -D -m 644 "$$stage/keyform.1" "$(DEST_MAN)"; \
	install -D -m 644 "$$stage/bash" "$(DEST_BASH)"; \
	install -D -m 644 "$$stage/zsh" "$(DEST_ZSH)"; \
	install -D -m 644 "$$stage/fish" "$(DEST_FISH)"; \
	install -D -m 644 assets/demo-form.json "$(DEST_DEMO)"; \
	for file in "$(DEST_BIN)" "$(DEST_TOUR)" "$(DEST_MAN)" "$(DEST_BASH)" "$(DEST_ZSH)" "$(DEST_FISH)" "$(DEST_DEMO)"; do echo "installed $$file"; done

uninstall:
	rm -f "$(DEST_BIN)" "$(DEST_TOUR)" "$(DEST_MAN)" "$(DEST_BASH)" "$(DEST_ZSH)" "$(DEST_FISH)" "$(DEST_DEMO)"
	@for folder in "$(DESTDIR)$(PREFIX)/share/keyform" "$(DESTDIR)$(PREFIX)/libexec/keyform"; do \
		[ ! -d "$$folder" ] || rmdir --ignore-fail-on-non-empty "$$folder"; done

clean:
	rm -rf .build .build-floor keyform-tour
