# Build sakk. OpenBench and people call "make EXE=name": the default target
# builds the engine to $(EXE).
#
#   make                      build ./sakk
#   make EXE=sakk-abc123      build under another name
#   make pgo                  profile "sakk bench", then rebuild with PGO
#   make bench                print the bench signature of a fresh build
#   make release              GOAMD64=v3 build (POPCNT/BMI2 CPUs only)

EXE     ?= sakk
GO      ?= go
PGO_PROFILE := bench/pgo/default.pgo
GOFLAGS_PGO := $(if $(wildcard $(PGO_PROFILE)),-pgo=$(PGO_PROFILE),)
# The built binary, runnable whether EXE is a bare name or a path.
RUN := $(if $(findstring /,$(EXE)),$(EXE),./$(EXE))

.PHONY: all build pgo bench release clean

all: build

build:
	$(GO) build $(GOFLAGS_PGO) -o $(EXE) ./cmd/sakk

release:
	GOAMD64=v3 $(GO) build $(GOFLAGS_PGO) -o $(EXE) ./cmd/sakk

# A CPU profile of the bench is the profile-guided-optimisation input.
pgo:
	$(GO) build -pgo=off -o $(EXE) ./cmd/sakk
	mkdir -p bench/pgo
	$(RUN) --profile cpu --profile-path bench/pgo bench > /dev/null
	mv bench/pgo/cpu.pprof $(PGO_PROFILE)
	$(GO) build -pgo=$(PGO_PROFILE) -o $(EXE) ./cmd/sakk

bench: build
	$(RUN) bench | tail -2

clean:
	rm -f $(EXE)
