package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// contributingGuide is the guide a new contributor reads, from the module's root.
const contributingGuide = "docs/contributing.md"

// The contributor's guide holds true of the code: every file path it
// names exists, except those its worked example marks "(new)", which do
// not exist yet and whose folder does; every command it shows names a
// command of the CLI and flags that command has (the mutant it serves
// exists, the tag expression parses), or a package and tests that package
// holds; every make target it shows is one of the Makefile's; and the
// cheap ones, rules and list, run. A renamed file, test, flag or target
// fails here, naming the line of the guide.
func TestTheContributingGuideHoldsTrue(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(moduleRoot, contributingGuide))
	require.NoError(t, err)
	text := string(data)
	require.Contains(t, text, "### Worked example: ", "the guide has its worked example of adding an operation")

	paths, news := guidePaths(text)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		if strings.ContainsAny(p, "*") {
			m, err := filepath.Glob(filepath.Join(moduleRoot, p))
			assert.NoError(t, err, p)
			assert.NotEmpty(t, m, "%s names %s, which matches no file", contributingGuide, p)
			continue
		}
		_, err := os.Stat(filepath.Join(moduleRoot, p))
		if news[p] {
			assert.True(t, os.IsNotExist(err), "%s marks %s new, but it exists: take the mark off", contributingGuide, p)
			_, err = os.Stat(filepath.Join(moduleRoot, filepath.Dir(p)))
			assert.NoError(t, err, "%s: the folder of the new file %s", contributingGuide, p)
			continue
		}
		assert.NoError(t, err, "%s names %s, which does not exist (mark a file the example creates with (new))", contributingGuide, p)
	}

	mutants := map[string]bool{}
	for _, m := range slices.Concat(reference.Mutants(), reference.ExplorationMutants()) {
		mutants[m.Name] = true
	}
	commands := guideCommands(text)
	require.NotEmpty(t, commands)
	ran := 0
	for _, c := range commands {
		switch {
		case len(c.args) >= 3 && c.args[0] == "go" && c.args[1] == "run" && c.args[2] == "./cmd/wallet-conformance":
			checkCLICommand(t, c, mutants, func() { ran++ })
		case len(c.args) >= 2 && c.args[0] == "go" && c.args[1] == "test":
			checkGoTest(t, c)
		default:
			t.Errorf("%s line %d: %q is neither go run ./cmd/wallet-conformance nor go test", contributingGuide, c.line, c.text)
		}
	}
	assert.Positive(t, ran, "the guide runs rules or list somewhere, and so does this test")

	makefile, err := os.ReadFile(filepath.Join(moduleRoot, "Makefile"))
	require.NoError(t, err)
	for _, c := range guideMakeCommands(text) {
		target := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(c.args[1]) + `:`)
		assert.True(t, target.Match(makefile), "line %d: %q: the Makefile has no target %s", c.line, c.text, c.args[1])
	}
}

// guideMakeCommands returns the make commands of the guide's sh blocks
// that name a target.
func guideMakeCommands(text string) []guideCommand {
	var out []guideCommand
	for _, c := range shBlockCommands(text) {
		if len(c.args) >= 2 && c.args[0] == "make" {
			out = append(out, c)
		}
	}
	return out
}

// shBlockCommands returns each line of the guide's sh blocks as a command:
// its words, an environment variable before the command dropped.
func shBlockCommands(text string) []guideCommand {
	var out []guideCommand
	in := false
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
			continue
		case strings.HasPrefix(line, "```"):
			in = false
			continue
		}
		if !in {
			continue
		}
		words := shellWords(line)
		for len(words) > 0 && regexp.MustCompile(`^[A-Z_]+=`).MatchString(words[0]) {
			words = words[1:] // an environment variable for the command
		}
		out = append(out, guideCommand{line: i + 1, text: line, args: words})
	}
	return out
}

// guideCommand is a command of a sh block of the guide.
type guideCommand struct {
	line int
	text string
	args []string // its words, shell quotes removed, environment and redirections dropped
}

// pathToken is a backquoted path of the module: a folder and a file or
// folder below it, no placeholders.
var pathToken = regexp.MustCompile("`((?:\\.\\./)?[a-z][a-z0-9_.-]*/[A-Za-z0-9_.*/-]*)`( \\(new\\))?")

// guidePaths returns the module paths the guide names outside its sh
// blocks (a module path of another repository, "github.com/...", is not
// one), and those it marks new.
func guidePaths(text string) (paths []string, news map[string]bool) {
	news = map[string]bool{}
	for _, m := range pathToken.FindAllStringSubmatch(outsideShBlocks(text), -1) {
		p := strings.TrimSuffix(m[1], "/")
		first, _, _ := strings.Cut(p, "/")
		if strings.HasPrefix(p, "../") || !isModuleFolder(first) && !fileExt.MatchString(p) {
			continue // beside the clone (../shared/spec), or another module (gorilla/mux)
		}
		if m[2] != "" {
			news[p] = true
		}
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	return paths, news
}

// fileExt is how the name of a file of the module ends.
var fileExt = regexp.MustCompile(`\.(go|json|yaml|yml|feature|md|py)$`)

// isModuleFolder reports whether name is a folder at the module's root.
func isModuleFolder(name string) bool {
	info, err := os.Stat(filepath.Join(moduleRoot, name))
	return err == nil && info.IsDir()
}

// outsideShBlocks is the guide without its fenced blocks.
func outsideShBlocks(text string) string {
	var out strings.Builder
	in := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			out.WriteString(line + "\n")
		}
	}
	return out.String()
}

// guideCommands returns the go commands of the guide's sh blocks, a
// redirection dropped.
func guideCommands(text string) []guideCommand {
	var out []guideCommand
	for _, c := range shBlockCommands(text) {
		if len(c.args) == 0 || c.args[0] != "go" {
			continue // make, cp, cd: not the CLI's
		}
		if j := slices.Index(c.args, ">"); j >= 0 {
			c.args = c.args[:j]
		}
		out = append(out, c)
	}
	return out
}

// shellWords splits a line as sh would for the guide's commands: words
// apart by blanks, single quotes kept together, a comment dropped.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case !quoted && r == '#' && !inWord:
			return words
		case !quoted && (r == ' ' || r == '\t'):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

var flagLine = regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`)

// checkCLICommand: the command is one of the CLI's, each flag is one of
// its flags, a mutant it names exists, a tag expression parses; rules and
// list are run.
func checkCLICommand(t *testing.T, c guideCommand, mutants map[string]bool, ran func()) {
	t.Helper()
	args := c.args[3:]
	if !assert.NotEmpty(t, args, "line %d: %q names no command", c.line, c.text) {
		return
	}
	cmd := args[0]
	if !assert.True(t, commands[cmd], "line %d: %q: the CLI has no command %q", c.line, c.text, cmd) {
		return
	}
	var help bytes.Buffer
	Main(context.Background(), []string{cmd, "-h"}, &help, &help)
	known := map[string]bool{}
	for _, m := range flagLine.FindAllStringSubmatch(help.String(), -1) {
		known[m[1]] = true
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !assert.True(t, known[name], "line %d: %q: %s has no flag --%s", c.line, c.text, cmd, name) {
			continue
		}
		if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			value = args[i+1]
		}
		switch name {
		case "mutant":
			assert.True(t, mutants[value] || value == strings.ToUpper(value), "line %d: %q: no mutant %q", c.line, c.text, value)
		case "tags":
			_, err := runner.ParseTags(value)
			assert.NoError(t, err, "line %d: %q", c.line, c.text)
		}
	}
	if (cmd == "rules" || cmd == "list") && len(args) == 1 {
		var out, errOut bytes.Buffer
		code := Main(context.Background(), args, &out, &errOut)
		assert.Equal(t, ExitConformant, code, "line %d: %q: %s", c.line, c.text, errOut.String())
		assert.NotEmpty(t, out.String(), "line %d: %q prints nothing", c.line, c.text)
		ran()
	}
}

var testFunc = regexp.MustCompile(`(?m)^func (Test[A-Za-z0-9_]*)\(t \*testing\.T\)`)

// checkGoTest: the package exists and holds every test its -run pattern
// names (the subtests after a "/" are the sweep's, named by their mutant
// or variant, and not checked).
func checkGoTest(t *testing.T, c guideCommand) {
	t.Helper()
	var pkg, pattern string
	for i := 2; i < len(c.args); i++ {
		switch a := c.args[i]; {
		case a == "-run" && i+1 < len(c.args):
			pattern = c.args[i+1]
			i++
		case strings.HasPrefix(a, "./"):
			pkg = a
		case strings.HasPrefix(a, "-"):
		default:
			t.Errorf("line %d: %q: unexpected word %q", c.line, c.text, a)
		}
	}
	if !assert.NotEmpty(t, pkg, "line %d: %q names no package", c.line, c.text) || pattern == "" {
		return
	}
	files, err := filepath.Glob(filepath.Join(moduleRoot, pkg, "*_test.go"))
	require.NoError(t, err)
	if !assert.NotEmpty(t, files, "line %d: %q: %s has no tests", c.line, c.text, pkg) {
		return
	}
	tests := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range testFunc.FindAllStringSubmatch(string(src), -1) {
			tests[m[1]] = true
		}
	}
	for _, alt := range strings.Split(pattern, "|") {
		top, _, _ := strings.Cut(alt, "/")
		top = strings.TrimSuffix(strings.TrimPrefix(top, "^"), "$")
		assert.True(t, tests[top], "line %d: %q: %s has no test %s", c.line, c.text, pkg, top)
	}
}
