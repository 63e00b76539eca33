package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/wallet-conformance/wallet-conformance/profile"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/runner"
	"github.com/wallet-conformance/wallet-conformance/sweep"
)

// sweepFlag is --sweep: the generated bad inputs sent of each operation,
// "all" for every one (the default), 0 for none.
type sweepFlag struct {
	perOperation int // -1: all
	given        bool
}

func (f *sweepFlag) String() string {
	if f == nil || f.perOperation < 0 {
		return "all"
	}
	return strconv.Itoa(f.perOperation)
}

func (f *sweepFlag) Set(v string) error {
	f.given = true
	if strings.EqualFold(v, "all") {
		f.perOperation = -1
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > maxSweepPerOperation {
		return fmt.Errorf("--sweep takes a number of inputs of each operation from 0 to %d, or all; not %q", maxSweepPerOperation, v)
	}
	f.perOperation = n
	return nil
}

// maxSweepPerOperation bounds a number given to --sweep ("all" sends every input).
const maxSweepPerOperation = 1000

// runSweep decides the bad-input sweep of a run, as runExploration decides
// its exploration: with --sweep given, that sample (0: none; all: every
// input); otherwise the default sample for a run of the whole suite or of
// its first shard, and none for a run of some tags, of other features or a
// rerun, except that a rerun of a run whose sweep found something sweeps
// again as it did. nil means no sweep.
func runSweep(f *sweepFlag, tags, featuresDir string, shard record.Shard, rerun *record.Rerun) *record.Sweep {
	switch {
	case rerun != nil && !f.given:
		if rerun.Sweep == nil {
			return nil
		}
		return &record.Sweep{Seed: rerun.Sweep.Seed, PerOperation: rerun.Sweep.PerOperation}
	case f.given:
		if f.perOperation == 0 {
			return nil
		}
	case tags != "" || featuresDir != "" || shard.Index > 1:
		return nil
	}
	return &record.Sweep{Seed: sweep.DefaultSeed, PerOperation: max(f.perOperation, 0)}
}

// newSweepFlag is --sweep's default: every generated input.
func newSweepFlag() *sweepFlag {
	if sweep.DefaultPerOperation <= 0 {
		return &sweepFlag{perOperation: -1}
	}
	return &sweepFlag{perOperation: sweep.DefaultPerOperation}
}

// sweepFor is the runner's hook for the sweep, or nil.
func sweepFor(sw *record.Sweep, p *profile.Profile) func(context.Context) (*runner.Explored, error) {
	if sw == nil {
		return nil
	}
	return sweep.ForRun(sweep.Options{Profile: p, Seed: sw.Seed, PerOperation: sw.PerOperation})
}

// sweepLine says what a run's sweep was and how to make it again.
func sweepLine(s *record.Sweep) string {
	if s == nil {
		return "(none)"
	}
	sample := fmt.Sprintf("--sweep %d", s.PerOperation)
	if s.PerOperation == 0 {
		sample = "--sweep all"
	}
	found := "nothing found"
	if len(s.Findings) > 0 {
		found = fmt.Sprintf("%d finding(s): %s", len(s.Findings), strings.Join(s.Findings, "; "))
	}
	valid := ""
	if v := s.Valid; v != nil {
		vfound := "nothing found"
		if len(v.Findings) > 0 {
			vfound = fmt.Sprintf("%d finding(s): %s", len(v.Findings), strings.Join(v.Findings, "; "))
		}
		valid = fmt.Sprintf("; valid requests: %d of %d generated sent (%d calls of the sweep's), %s", v.Inputs, v.Generated, v.Calls, vfound)
	}
	tried := "every generated input"
	if s.Partial {
		tried = "PARTIAL: the verdict certifies the inputs tried only"
	}
	return fmt.Sprintf("seed %d: %d of %d generated bad inputs (%d calls, %s), %s%s; made again by run %s", s.Seed, s.Inputs, s.Generated, s.Calls, tried, found, valid, sample)
}
