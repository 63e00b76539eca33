package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/cucumber/godog"
)

// ScenarioInitializer returns the godog initializer that gives every
// scenario its own World and registers the steps of every domain.
// observe, when not nil, receives each World and the scenario's error once
// the scenario has ended.
//
// godog sees one step definition per scenario, which hands every step to
// the World's own table (see stepTable): godog would otherwise take the
// caller of each of the ~100 definitions for every scenario and try every
// pattern on every step, which was a third of the suite's own time.
func ScenarioInitializer(env *Env, observe func(*godog.Scenario, *World, error)) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) {
		w := newWorld(env)
		st := stepper{table: &stepTable{env: env, defs: make([]stepDef, 0, definitionsPerScenario)}}
		registerSteps(st, w)
		sc.Step(env.pattern(anyStep).re, st.table.run)

		// Each step is recorded with its exchanges, which also become
		// attachments of that step in cucumber.json (unless SkipAttachments).
		sc.StepContext().After(func(ctx context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
			rec := w.recordStep(st.Text, status.String(), err)
			if env.SkipAttachments {
				return ctx, nil
			}
			for _, ex := range rec.Exchanges {
				body, _ := json.MarshalIndent(ex, "", "  ")
				ctx = godog.Attach(ctx, godog.Attachment{Body: body, FileName: "exchange.json", MediaType: "application/json"})
			}
			return ctx, nil
		})
		if observe != nil {
			sc.After(func(ctx context.Context, s *godog.Scenario, err error) (context.Context, error) {
				observe(s, w, err)
				return ctx, nil
			})
		}
	}
}

// registerSteps registers the steps of every domain for w, in one fixed
// order: a step text's match is found once per run (Env.matches) by its
// place in that order.
func registerSteps(st stepper, w *World) {
	registerOperationSteps(st, w)
	registerEnvelopeSteps(st, w)
	registerAuthSteps(st, w)
	registerAccountSteps(st, w)
	registerPaymentOptionSteps(st, w)
	registerPaymentSteps(st, w)
	registerConsentSteps(st, w)
	registerCallbackSteps(st, w)
	registerAccountInfoSteps(st, w)
	registerMerchantSteps(st, w)
	registerPartnerSteps(st, w)
}

// definitionsPerScenario is room for every step definition of a scenario,
// so that registering them allocates once.
const definitionsPerScenario = 128

// anyStep is the one pattern godog matches: every step goes to stepTable.run.
const anyStep = `^(.*)$`

// stepper registers the steps of one scenario into its stepTable.
type stepper struct{ table *stepTable }

// Step registers fn for the steps that match pattern: fn takes an optional
// context.Context, then one string or int per group of pattern, and returns
// an error.
func (s stepper) Step(pattern string, fn any) {
	s.table.defs = append(s.table.defs, stepDef{pattern: pattern, fn: fn})
}

// stepDef is one step definition of a scenario.
type stepDef struct {
	pattern string
	fn      any
}

// stepTable holds a scenario's step definitions and runs its steps. It
// keeps godog's strict rules: a step no definition matches, or more than
// one, fails with a DefinitionError.
type stepTable struct {
	env  *Env
	defs []stepDef
}

// stepMatch is what a step text matched among the definitions: the place
// of the one definition and its groups, or why there is none.
type stepMatch struct {
	index int
	args  []string
	err   error
}

// DefinitionError is a step the suite cannot run: no definition matches
// its text, more than one does, or a definition does not fit its pattern.
// It is a defect of the suite, not of the target.
type DefinitionError struct{ Msg string }

func (e *DefinitionError) Error() string { return e.Msg }

// match returns the definition text matches. Every scenario registers the
// same patterns in the same order, so the answer is found once per run.
func (t *stepTable) match(text string) stepMatch {
	if m, ok := t.env.matches.Load(text); ok {
		return m.(stepMatch)
	}
	m := stepMatch{index: -1}
	var matching []string
	for i, d := range t.defs {
		groups := t.env.pattern(d.pattern).find(text)
		if groups == nil {
			continue
		}
		if m.index < 0 {
			m.index, m.args = i, groups[1:]
		}
		matching = append(matching, d.pattern)
	}
	switch {
	case len(matching) == 0:
		m.err = &DefinitionError{Msg: fmt.Sprintf("undefined step: no step definition matches %q", text)}
	case len(matching) > 1:
		m.err = &DefinitionError{Msg: fmt.Sprintf("ambiguous step: %q matches %d step definitions:\n  %s", text, len(matching), strings.Join(matching, "\n  "))}
	}
	m2, _ := t.env.matches.LoadOrStore(text, m)
	return m2.(stepMatch)
}

// run is godog's handler for every step: it calls the definition that
// matches text with the groups it captured.
func (t *stepTable) run(ctx context.Context, text string) error {
	m := t.match(text)
	if m.err != nil {
		return m.err
	}
	d := t.defs[m.index]
	args, err := bind(ctx, d, m.args)
	if err != nil {
		return err
	}
	out := reflect.ValueOf(d.fn).Call(args)
	if err, _ := out[0].Interface().(error); err != nil {
		return err
	}
	return nil
}

var (
	contextType = reflect.TypeFor[context.Context]()
	errorType   = reflect.TypeFor[error]()
)

// bind turns the groups a pattern captured into the arguments of its
// definition: an optional context first, then strings and ints.
func bind(ctx context.Context, d stepDef, groups []string) ([]reflect.Value, error) {
	ft := reflect.TypeOf(d.fn)
	if ft.Kind() != reflect.Func || ft.NumOut() != 1 || ft.Out(0) != errorType {
		return nil, &DefinitionError{Msg: fmt.Sprintf("step definition %s: its function must return only an error, it is %s", d.pattern, ft)}
	}
	var args []reflect.Value
	in := 0
	if ft.NumIn() > 0 && ft.In(0) == contextType {
		args = append(args, reflect.ValueOf(ctx))
		in = 1
	}
	if ft.NumIn()-in != len(groups) {
		return nil, &DefinitionError{Msg: fmt.Sprintf("step definition %s: its function takes %d values, the pattern captures %d", d.pattern, ft.NumIn()-in, len(groups))}
	}
	for i, g := range groups {
		pt := ft.In(in + i)
		switch k := pt.Kind(); k {
		case reflect.String:
			args = append(args, reflect.ValueOf(g).Convert(pt))
		case reflect.Int:
			n, err := strconv.Atoi(g)
			if err != nil {
				return nil, &DefinitionError{Msg: fmt.Sprintf("step definition %s: group %d, %q, is not an int: %v", d.pattern, i+1, g, err)}
			}
			args = append(args, reflect.ValueOf(n).Convert(pt))
		default:
			return nil, &DefinitionError{Msg: fmt.Sprintf("step definition %s: parameter %d is a %s; only string and int are bound", d.pattern, i+1, k)}
		}
	}
	return args, nil
}
