package explore

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// A failing run becomes a scenario in the suite's own step sentences, so
// that `wallet-conformance run --features DIR` replays it: the moves
// before the break are its Givens, the move that broke it is its When,
// and what the exploration checked after that move are its Thens. Moves
// that had to succeed are written in the "has ..." form, which requires
// the success; the others as plain calls.
//
// The suite's balance sentences compare with a balance noted earlier
// ("the partner has noted the account's balance"), by one of four shapes:
// risen, fallen, blocked, unchanged. The note goes before the latest move
// from which the model's change of balance up to the break has one of
// those shapes: for most moves just before the When, for a KC-Capture or
// KC-Cancel before the KC-Authorize that blocked the money.

// scenarioTags returns the clause tags of a failure: the invariant's and
// the failing operation's, in the spec's order.
func scenarioTags(inv *Invariant, op string) []string {
	tags := append([]string(nil), inv.Clauses...)
	if o, ok := schemas.Lookup(op); ok && !contains(tags, o.Clause) {
		tags = append(tags, o.Clause)
	}
	sort.SliceStable(tags, func(i, j int) bool { return reports.ClauseLess(tags[i], tags[j]) })
	return tags
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// balanceSentence writes a change of balance in the suite's words, or
// reports that none of its sentences says it.
func balanceSentence(before, after calls.Balance) (string, bool) {
	dBk, dBlk := after.Bk.Sub(before.Bk), after.Blk.Sub(before.Blk)
	switch {
	case dBk.IsZero() && dBlk.IsZero():
		return "the balance is unchanged", true
	case dBlk.IsZero() && dBk.IsPositive():
		return "the booked and available balances have risen by exactly " + dBk.StringFixed(2) + " and the blocked amount is unchanged", true
	case dBlk.IsZero():
		return "the booked and available balances have fallen by exactly " + dBk.Neg().StringFixed(2) + " and the blocked amount is unchanged", true
	case dBk.IsZero() && dBlk.IsPositive():
		return "exactly " + dBlk.StringFixed(2) + " is blocked: blkAmt up, avlBal down, bkBal unchanged", true
	}
	return "", false
}

// succeededAsExpected reports whether a move had to succeed and did.
func (s *step) succeededAsExpected() bool { return s.expect == expSuccess && s.accepted }

// prefixLine is one Given of a written scenario.
type prefixLine struct {
	text  string
	loads []decimal.Decimal // set for "the account has been loaded with ...", merged with its neighbours
}

// writeScenario writes the failing run's moves up to the break as a
// feature file; it returns the text and the line of the Scenario.
func writeScenario(tr *runTrace, f *Failure, seed uint64) (string, int) {
	steps := tr.steps[:tr.failedAt+1]
	k := len(steps) - 1
	final := steps[k]

	// Where the balance is noted, and what is said of it after the When.
	note, balanceThen := -1, ""
	switch {
	case final.kind == "kc-debit-concurrent":
		note = k // its Then compares with the balance noted just before
	case final.balanced && !final.newAccount:
		from := 0
		for i := k - 1; i >= 0; i-- {
			if steps[i].newAccount {
				from = i + 1
				break
			}
		}
		for j := k; j >= from; j-- {
			if line, ok := balanceSentence(steps[j].before, final.after); ok {
				note, balanceThen = j, line
				break
			}
		}
	}

	var given []prefixLine
	for i := 0; i < k; i++ {
		if i == note {
			given = append(given, prefixLine{text: "the partner has noted the account's balance"})
		}
		s := steps[i]
		inside := func(end int) bool { return end < k && (note <= i || note > end) }
		switch {
		case s.kind == "init-load" && s.succeededAsExpected() && i+1 < k && steps[i+1].kind == "complete-authorize" && steps[i+1].succeededAsExpected() && inside(i+1):
			if i+2 < k && steps[i+2].kind == "capture" && steps[i+2].full && steps[i+2].succeededAsExpected() && inside(i+2) {
				given = append(given, prefixLine{loads: []decimal.Decimal{s.amount}})
				i += 2
				continue
			}
			given = append(given, prefixLine{text: "the partner has an authorized guest payment of " + s.amount.StringFixed(2) + " to load the account"})
			i++
			continue
		case s.kind == "kc-authorize" && s.succeededAsExpected() && i+1 < k && steps[i+1].succeededAsExpected() && inside(i+1) &&
			((steps[i+1].kind == "kc-capture" && steps[i+1].full) || steps[i+1].kind == "kc-cancel"):
			state := "a captured"
			if steps[i+1].kind == "kc-cancel" {
				state = "a cancelled"
			}
			given = append(given, prefixLine{text: "the partner has " + state + " wallet payment of " + s.amount.StringFixed(2) + " to the merchant"})
			i++
			continue
		}
		text := s.plain
		if s.succeededAsExpected() && s.given != "" {
			text = s.given
		}
		given = append(given, prefixLine{text: text})
	}
	if note == k {
		given = append(given, prefixLine{text: "the partner has noted the account's balance"})
	}
	// Loads in a row read as one: "the account has been loaded with 10.00 and 20.00".
	var merged []string
	for i := 0; i < len(given); i++ {
		if given[i].loads == nil {
			merged = append(merged, given[i].text)
			continue
		}
		amounts := given[i].loads
		for i+1 < len(given) && given[i+1].loads != nil {
			i++
			amounts = append(amounts, given[i].loads...)
		}
		merged = append(merged, "the account has been loaded with "+joinAmounts(amounts))
	}

	thens := append([]string(nil), final.thens...)
	when := final.plain
	// open: the spec leaves open what the failing move does (a second
	// KC-Capture of a payment captured in part, B-3#64). The scenario
	// takes the reading the target took: the move in its "has ..." form,
	// a precondition that requires the success, so that a target taking
	// another reading (a refusal) is BLOCKED by it, never FAILED; then a
	// read of the account, after which the balance is compared.
	open := final.expect == expOpen && final.accepted && final.given != "" && balanceThen != ""
	if open {
		merged = append(merged, final.given)
		when = "the partner reads the account information"
		thens = []string{`the response's statusCode is "ACTIVE"`}
	}
	if balanceThen != "" {
		thens = append(thens, balanceThen)
	}
	inv := f.Invariant
	tags := scenarioTags(inv, final.op)

	var b strings.Builder
	line := 0
	w := func(format string, args ...any) {
		fmt.Fprintf(&b, format+"\n", args...)
		line++
	}
	if f.Round > 0 {
		w("# Written by `wallet-conformance explore` (seed %d): concurrent round %d broke the rule below with moves", seed, f.Round)
		w("# sent at once; sent one after another %s, on a wallet readied the same way,", f.Order)
		w("# they break it too, so this scenario shows the fault one call at a time (%d moves).", f.Moves)
	} else {
		w("# Written by `wallet-conformance explore` (seed %d): property run %d broke the rule below", seed, f.Run)
		w("# after %d moves; rapid shrank the sequence to %d moves in %d attempts.", f.OriginalMoves, f.Moves, f.Attempts)
	}
	w("# Replay it against the target: wallet-conformance run --features DIR (with the same --profile or --target).")
	if f.Round > 0 {
		w("# The exchanges of these moves, secrets redacted, are in %s.", exchangesName(f.FeatureName))
	} else {
		w("# The exchanges of the shrunk run, secrets redacted, are in %s.", exchangesName(f.FeatureName))
	}
	if inv == invMerchant {
		w("# The merchant's balance is read by the exploration only (the feature suite's scenarios run at once and")
		w("# share the merchant): replayed, this scenario makes the moves; the merchant's balance is in the exchanges.")
	}
	w("#")
	w("# Rule %s (%s, %s):", inv.ID, inv.Level, strings.Join(tags, " "))
	for _, l := range wrap(`"`+inv.Quote+`"`, 100) {
		w("#   %s", l)
	}
	w("# What the target did:")
	for _, l := range strings.Split(strings.TrimSpace(f.Message), "\n") {
		for _, part := range wrap(strings.TrimSpace(l), 110) {
			w("#   %s", part)
		}
	}
	if open {
		w("# What the failing move does the spec leaves open; the scenario takes the reading the target took (it")
		w("# accepted the move) as a precondition, then reads the account: a target that refuses it is BLOCKED, not FAILED.")
	}
	w("@explore")
	w("Feature: Stateful exploration: %s", inv.Title)
	w("  A sequence of moves the exploration found; %s broke the rule after it.", opName(final.op))
	w("")
	tagText := make([]string, len(tags))
	for i, t := range tags {
		tagText[i] = "@" + t
	}
	w("  %s", strings.Join(tagText, " "))
	scenarioLine := line + 1
	w("  Scenario: %s after %d moves: %s", opName(final.op), f.Moves, inv.Title)
	for i, g := range merged {
		kw := "And"
		if i == 0 {
			kw = "Given"
		}
		w("    %s %s", kw, g)
	}
	w("    When %s", when)
	for i, t := range thens {
		kw := "And"
		if i == 0 {
			kw = "Then"
		}
		w("    %s %s", kw, t)
	}
	return b.String(), scenarioLine
}

func joinAmounts(as []decimal.Decimal) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.StringFixed(2)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// wrap breaks a text into lines of at most n characters at spaces.
func wrap(s string, n int) []string {
	var out []string
	for len(s) > n {
		i := strings.LastIndexByte(s[:n], ' ')
		if i <= 0 {
			i = n
		}
		out = append(out, s[:i])
		s = strings.TrimLeft(s[i:], " ")
	}
	return append(out, s)
}

func exchangesName(feature string) string {
	return strings.TrimSuffix(feature, ".feature") + ".exchanges.json"
}

// movedRecord is one move of the shrunk run in the exchanges file.
type movedRecord struct {
	Move      string            `json:"move"`
	Expected  string            `json:"expected"`
	Outcome   string            `json:"outcome"`
	Broke     []string          `json:"broke,omitempty"`
	Exchanges []record.Exchange `json:"exchanges"`
}

var expectationText = map[expectation]string{
	expSuccess:    "a success",
	expRefusal:    "a handled error (the state table does not allow the move)",
	expNotSuccess: "not a success (beyond the amount's bound)",
	expClosed:     "a handled error (the account is closed)",
	expAdvise:     "a refusal (beyond minimumAllowedBalance, advisory)",
	expOpen:       "either (the spec leaves it open)",
}

// writeFeature writes the failure's feature file and its exchanges into dir.
func writeFeature(dir string, f *Failure, red *targetclient.Redactor) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, f.FeatureName)
	if err := os.WriteFile(path, []byte(red.String(f.Feature)), 0o644); err != nil {
		return err
	}
	f.FeaturePath = path
	var moves []movedRecord
	for _, s := range f.trace.steps[:f.trace.failedAt+1] {
		rec := movedRecord{Move: s.plain, Expected: expectationText[s.expect], Outcome: "refused", Exchanges: s.exchanges}
		if s.accepted {
			rec.Outcome = "succeeded"
		}
		if rec.Exchanges == nil {
			rec.Exchanges = []record.Exchange{}
		}
		for _, v := range s.violations {
			rec.Broke = append(rec.Broke, fmt.Sprintf("%s (%s): %s", v.inv.ID, v.inv.Level, v.msg))
		}
		moves = append(moves, rec)
	}
	data, err := json.MarshalIndent(moves, "", "  ")
	if err != nil {
		return err
	}
	// A second guard: the exchanges were redacted when recorded, by name
	// and by every secret known then.
	return os.WriteFile(filepath.Join(dir, exchangesName(f.FeatureName)), []byte(red.String(string(data))+"\n"), 0o644)
}

// removeWritten removes the scenarios and exchanges an exploration wrote
// into dir (explore-*.feature, explore-*.exchanges.json), and nothing else.
func removeWritten(dir string) error {
	for _, pattern := range []string{"explore-*.feature", "explore-*.exchanges.json"} {
		names, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return err
		}
		for _, n := range names {
			if err := os.Remove(n); err != nil {
				return err
			}
		}
	}
	return nil
}
