package recipes

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/reference"
	"github.com/wallet-conformance/wallet-conformance/reports"
	"github.com/wallet-conformance/wallet-conformance/runner"
)

// moduleRoot is the repository's root: the Dockerfile's build context.
const moduleRoot = ".."

// installLine is how every recipe installs the suite.
const installLine = "go install github.com/wallet-conformance/wallet-conformance/cmd/wallet-conformance@"

// ciTags narrows the CI recipes' runs, which this test makes against the
// reference server: the recipe's own arguments, plus a tag filter so that
// the shards stay small.
const ciTags = "@A-4.1 or @A-4.2"

// The recipes are exercised as far as a machine without Docker or a CI
// service can: the Dockerfile's build line builds the binary the image
// holds, and the CI recipes' shard and merge commands run with it against
// the reference server, as their jobs would.
func TestRecipes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	var bin string
	binDir := t.TempDir() // outlives the subtest that builds it
	t.Run("Dockerfile", func(t *testing.T) { bin = checkDockerfile(t, binDir) })
	if bin == "" {
		t.Fatal("the Dockerfile's binary is needed by the CI recipes")
	}
	t.Run("GitHub Actions", func(t *testing.T) { checkGitHubActions(t, bin) })
	t.Run("GitLab CI", func(t *testing.T) { checkGitLab(t, bin) })
}

// instruction is one Dockerfile instruction, continuation lines joined.
type instruction struct {
	cmd  string // upper case: FROM, RUN ...
	args string
	line int
}

var dockerInstructions = regexp.MustCompile(`^(FROM|RUN|CMD|LABEL|EXPOSE|ENV|ADD|COPY|ENTRYPOINT|VOLUME|USER|WORKDIR|ARG|ONBUILD|STOPSIGNAL|HEALTHCHECK|SHELL)$`)

// parseDockerfile reads a Dockerfile's instructions: comments and blank
// lines dropped, lines ending in a backslash joined with the next.
func parseDockerfile(text string) ([]instruction, error) {
	var out []instruction
	var cur strings.Builder
	start := 0
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if cur.Len() == 0 && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		if cont, ok := strings.CutSuffix(line, `\`); ok {
			cur.WriteString(cont + " ")
			continue
		}
		cur.WriteString(line)
		cmd, args, _ := strings.Cut(cur.String(), " ")
		cur.Reset()
		if !dockerInstructions.MatchString(strings.ToUpper(cmd)) {
			return nil, fmt.Errorf("line %d: %q is not a Dockerfile instruction", start, cmd)
		}
		out = append(out, instruction{cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args), line: start})
	}
	if cur.Len() > 0 {
		return nil, fmt.Errorf("line %d: a continuation runs off the end", start)
	}
	return out, nil
}

// checkDockerfile checks the image recipe (a build stage; a static base run
// by a numeric non-root user; the binary as entry point), runs its go build
// line, checks that the binary is static and runs it from another
// directory. It returns the binary, built in dir.
func checkDockerfile(t *testing.T, dir string) string {
	data, err := os.ReadFile("Dockerfile")
	require.NoError(t, err)
	ins, err := parseDockerfile(string(data))
	require.NoError(t, err)

	var stages [][]instruction
	for _, in := range ins {
		if in.cmd == "FROM" {
			stages = append(stages, nil)
		}
		require.NotEmpty(t, stages, "line %d: %s before any FROM", in.line, in.cmd)
		stages[len(stages)-1] = append(stages[len(stages)-1], in)
	}
	require.Len(t, stages, 2, "a build stage and the image")
	build, final := stages[0], stages[1]

	// The build stage: a Go image as recent as go.mod asks, and the go build line.
	from := regexp.MustCompile(`^golang:(\d+\.\d+)\S* AS build$`).FindStringSubmatch(build[0].args)
	require.NotNil(t, from, "FROM golang:X AS build, not %q", build[0].args)
	gomod, err := os.ReadFile(filepath.Join(moduleRoot, "go.mod"))
	require.NoError(t, err)
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(gomod)
	require.NotNil(t, goLine)
	assert.Equal(t, string(goLine[1]), from[1], "the image's Go is go.mod's")
	var goBuild string
	for _, in := range build {
		if in.cmd == "RUN" && strings.Contains(in.args, "go build") {
			goBuild = in.args
		}
	}
	require.NotEmpty(t, goBuild, "a RUN go build line")
	assert.Contains(t, goBuild, "CGO_ENABLED=0", "a static binary")
	out := regexp.MustCompile(`-o\s+(\S+)`).FindStringSubmatch(goBuild)
	require.NotNil(t, out, "go build -o PATH")

	// The image: a static base, the binary, a numeric non-root user.
	assert.Regexp(t, `^(scratch|gcr\.io/distroless/static(-debian\d+)?:(latest-)?nonroot)$`, final[0].args)
	var user, entrypoint, copied string
	for _, in := range final {
		switch in.cmd {
		case "USER":
			user = in.args
		case "ENTRYPOINT":
			entrypoint = in.args
		case "COPY":
			if f := strings.Fields(in.args); len(f) == 3 && f[0] == "--from=build" && f[1] == out[1] {
				copied = f[2]
			}
		case "RUN":
			t.Errorf("line %d: the static image has no shell to RUN in", in.line)
		}
	}
	uid, _, _ := strings.Cut(user, ":")
	n, err := strconv.Atoi(uid)
	require.NoError(t, err, "USER is numeric (runAsNonRoot can check it), not %q", user)
	assert.NotZero(t, n, "USER is not root")
	require.NotEmpty(t, copied, "COPY --from=build %s into the image", out[1])
	var exe []string
	require.NoError(t, json.Unmarshal([]byte(entrypoint), &exe), "ENTRYPOINT in exec form")
	assert.Equal(t, []string{copied}, exe)

	// The build line, as the build stage runs it in /src (the repository).
	bin := filepath.Join(dir, "wallet-conformance")
	line := strings.Replace(goBuild, out[0], "-o "+bin, 1)
	cmd := exec.CommandContext(t.Context(), "sh", "-c", line)
	cmd.Dir = moduleRoot
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s\n%s", line, msg)

	f, err := elf.Open(bin)
	require.NoError(t, err)
	defer f.Close()
	for _, p := range f.Progs {
		assert.NotEqual(t, elf.PT_INTERP, p.Type, "a static binary asks for no dynamic loader")
	}
	libs, err := f.ImportedLibraries()
	require.NoError(t, err)
	assert.Empty(t, libs, "a static binary needs no shared library (DT_NEEDED)")

	// It runs where nothing else is, as in the image.
	workdir := t.TempDir()
	run := exec.CommandContext(t.Context(), bin, "run", "--tags", "@A-4.1 and @A-5")
	run.Dir = workdir
	msg, err = run.CombinedOutput()
	require.NoError(t, err, string(msg))
	assert.Contains(t, string(msg), "CONFORMANT: ")
	_, err = os.Stat(filepath.Join(workdir, "conformance-report", reports.ReportJSONFile))
	assert.NoError(t, err)
	return bin
}

// ciEnv is what the CI recipes' jobs run with: the binary on PATH (in
// place of go install), the password as the CI secret, and a checkout
// holding the profile that targets a reference server.
type ciEnv struct {
	bin      string
	password string
	profile  []byte
}

func newCIEnv(t *testing.T, bin string) ciEnv {
	cfg := reference.DefaultConfig()
	srv, err := reference.New(cfg)
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	p := runner.ReferenceProfile(srv.URL, cfg)
	p.Credentials.Password = "${WALLET_PASSWORD}"
	return ciEnv{bin: bin, password: cfg.Password, profile: []byte(p.YAML())}
}

// checkout is a fresh workspace holding the repository the recipe is copied
// into: the profile.
func (c ciEnv) checkout(t *testing.T, name string) string {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, name), c.profile, 0o600))
	return ws
}

// shell runs a recipe's script line in ws with env, the suite's runs
// narrowed by ciTags; the line must succeed.
func (c ciEnv) shell(t *testing.T, ws, script string, env map[string]string) {
	t.Helper()
	if strings.Contains(script, installLine) {
		assert.Regexp(t, regexp.MustCompile(`^`+regexp.QuoteMeta(installLine)+`\$\{WALLET_CONFORMANCE_VERSION\}$`), strings.TrimSpace(script))
		return // the binary under test is on PATH instead
	}
	script = strings.ReplaceAll(script, "wallet-conformance run ", "wallet-conformance run --tags '"+ciTags+"' ")
	cmd := exec.CommandContext(t.Context(), "bash", "-e", "-c", script)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(c.bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s\n%s", script, out)
}

// copyTree copies the directory src into dst (created, merged with what is there).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	}))
}

// checkMerged checks the merged report directory the recipe publishes: one
// verdict over every scenario the tags select, and a JUnit file.
func checkMerged(t *testing.T, dir string, shards int) {
	t.Helper()
	rep, err := reports.ReadReport(dir)
	require.NoError(t, err)
	assert.Equal(t, record.Conformant, rep.Verdict)
	assert.Nil(t, rep.Shard, "a merged report is the whole run")
	assert.Equal(t, strings.Count(rep.RunID, "+")+1, shards, "the run id joins the shards' ids")
	junit, err := os.ReadFile(filepath.Join(dir, reports.JUnitFile))
	require.NoError(t, err)
	var suites struct {
		XMLName xml.Name `xml:"testsuites"`
	}
	require.NoError(t, xml.Unmarshal(junit, &suites), "junit.xml is JUnit XML")
}

// The GitHub Actions recipe, as far as it can be read and run here.
type ghWorkflow struct {
	Name        string            `yaml:"name"`
	On          map[string]any    `yaml:"on"`
	Env         map[string]string `yaml:"env"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]ghJob  `yaml:"jobs"`
}

type ghJob struct {
	Needs    string `yaml:"needs"`
	If       string `yaml:"if"`
	RunsOn   string `yaml:"runs-on"`
	Strategy struct {
		FailFast bool             `yaml:"fail-fast"`
		Matrix   map[string][]int `yaml:"matrix"`
	} `yaml:"strategy"`
	Steps []ghStep `yaml:"steps"`
}

type ghStep struct {
	Name string            `yaml:"name"`
	If   string            `yaml:"if"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

var ghExpr = regexp.MustCompile(`\$\{\{\s*([^}]+?)\s*\}\}`)

// ghExpand replaces the ${{ }} expressions the recipe may use.
func ghExpand(t *testing.T, s string, vars map[string]string) string {
	return ghExpr.ReplaceAllStringFunc(s, func(m string) string {
		name := ghExpr.FindStringSubmatch(m)[1]
		v, ok := vars[name]
		assert.True(t, ok, "expression %s is not one this test knows", m)
		return v
	})
}

func checkGitHubActions(t *testing.T, bin string) {
	data, err := os.ReadFile("github-actions.yml")
	require.NoError(t, err)
	var wf ghWorkflow
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	require.NoError(t, dec.Decode(&wf))
	assert.Contains(t, wf.On, "push")
	assert.Equal(t, "write", wf.Permissions["checks"], "the JUnit check run needs it")
	shardJob, verdictJob := wf.Jobs["conformance"], wf.Jobs["verdict"]
	shards := shardJob.Strategy.Matrix["shard"]
	require.NotEmpty(t, shards)
	assert.False(t, shardJob.Strategy.FailFast, "every shard runs, whatever another finds")
	assert.Equal(t, "conformance", verdictJob.Needs)
	assert.Equal(t, "always()", verdictJob.If, "the verdict is merged even when a shard fails")

	env := newCIEnv(t, bin)
	artifacts := t.TempDir()
	summary := filepath.Join(t.TempDir(), "summary.md")
	secrets := map[string]string{"secrets.WALLET_PASSWORD": env.password}
	var sawRun, sawMerge, sawJUnit, sawReport bool
	runJob := func(job ghJob, vars map[string]string) string {
		ws := t.TempDir()
		for _, st := range job.Steps {
			switch uses, _, _ := strings.Cut(st.Uses, "@"); uses {
			case "":
				stepEnv := map[string]string{"GITHUB_STEP_SUMMARY": summary}
				for k, v := range wf.Env {
					stepEnv[k] = v
				}
				for k, v := range st.Env {
					stepEnv[k] = ghExpand(t, v, vars)
				}
				script := ghExpand(t, st.Run, vars)
				if strings.Contains(script, "wallet-conformance run ") {
					sawRun = true
					assert.Contains(t, script, fmt.Sprintf("--shard %s/%d ", vars["matrix.shard"], len(shards)), "the shard count is the matrix's")
				}
				sawMerge = sawMerge || strings.Contains(script, "wallet-conformance merge ")
				env.shell(t, ws, script, stepEnv)
			case "actions/checkout":
				ws = env.checkout(t, wf.Env["PROFILE"])
			case "actions/setup-go":
			case "actions/upload-artifact":
				name := ghExpand(t, st.With["name"], vars)
				copyTree(t, filepath.Join(ws, ghExpand(t, st.With["path"], vars)), filepath.Join(artifacts, name))
				sawReport = sawReport || name == "conformance-report"
			case "actions/download-artifact":
				// Several artifacts go each into a directory named after it.
				names, err := filepath.Glob(filepath.Join(artifacts, st.With["pattern"]))
				require.NoError(t, err)
				require.Len(t, names, len(shards))
				for _, n := range names {
					copyTree(t, n, filepath.Join(ws, st.With["path"], filepath.Base(n)))
				}
			case "mikepenz/action-junit-report":
				sawJUnit = true
				_, err := os.Stat(filepath.Join(ws, st.With["report_paths"]))
				assert.NoError(t, err, "the JUnit file it publishes")
			default:
				t.Errorf("step uses %s, an action this test does not know", st.Uses)
			}
		}
		return ws
	}
	for _, shard := range shards {
		vars := map[string]string{"matrix.shard": strconv.Itoa(shard)}
		for k, v := range secrets {
			vars[k] = v
		}
		runJob(shardJob, vars)
	}
	ws := runJob(verdictJob, secrets)
	assert.True(t, sawRun && sawMerge && sawJUnit && sawReport, "the recipe runs shards, merges them, publishes JUnit and uploads the report")
	checkMerged(t, filepath.Join(ws, "conformance-report"), len(shards))
	checkMerged(t, filepath.Join(artifacts, "conformance-report"), len(shards))
	sum, err := os.ReadFile(summary)
	require.NoError(t, err)
	assert.Contains(t, string(sum), record.Conformant, "the job summary")
}

// The GitLab CI recipe, as far as it can be read and run here.
type glJob struct {
	Stage        string   `yaml:"stage"`
	Parallel     int      `yaml:"parallel"`
	When         string   `yaml:"when"`
	BeforeScript []string `yaml:"before_script"`
	Script       []string `yaml:"script"`
	Needs        []struct {
		Job       string `yaml:"job"`
		Artifacts bool   `yaml:"artifacts"`
	} `yaml:"needs"`
	Artifacts struct {
		When     string   `yaml:"when"`
		Paths    []string `yaml:"paths"`
		ExpireIn string   `yaml:"expire_in"`
		ExposeAs string   `yaml:"expose_as"`
		Reports  struct {
			JUnit string `yaml:"junit"`
		} `yaml:"reports"`
	} `yaml:"artifacts"`
}

func checkGitLab(t *testing.T, bin string) {
	data, err := os.ReadFile("gitlab-ci.yml")
	require.NoError(t, err)
	var top map[string]yaml.Node
	require.NoError(t, yaml.Unmarshal(data, &top))
	decode := func(n yaml.Node, v any) {
		t.Helper()
		var b bytes.Buffer
		enc := yaml.NewEncoder(&b)
		require.NoError(t, enc.Encode(&n))
		dec := yaml.NewDecoder(&b)
		dec.KnownFields(true)
		require.NoError(t, dec.Decode(v))
	}
	var stages []string
	var variables map[string]string
	var def struct {
		Image        string   `yaml:"image"`
		BeforeScript []string `yaml:"before_script"`
	}
	decode(top["stages"], &stages)
	decode(top["variables"], &variables)
	decode(top["default"], &def)
	assert.Regexp(t, `^golang:`, def.Image)
	jobs := map[string]glJob{}
	for name, n := range top {
		if name == "stages" || name == "variables" || name == "default" {
			continue
		}
		var j glJob
		decode(n, &j)
		assert.Contains(t, stages, j.Stage, name)
		jobs[name] = j
	}
	shardJob, verdictJob := jobs["conformance"], jobs["conformance-verdict"]
	require.Positive(t, shardJob.Parallel)
	assert.Equal(t, "always", shardJob.Artifacts.When, "a failing shard's report is kept")
	assert.Equal(t, "always", verdictJob.When, "the verdict is merged even when a shard fails")
	require.Len(t, verdictJob.Needs, 1)
	assert.Equal(t, "conformance", verdictJob.Needs[0].Job)
	assert.True(t, verdictJob.Needs[0].Artifacts)
	assert.NotEmpty(t, verdictJob.Artifacts.Reports.JUnit)

	env := newCIEnv(t, bin)
	artifacts := t.TempDir() // the artifacts of every instance, merged as GitLab hands them to a job that needs them
	runJob := func(j glJob, vars map[string]string, fetch bool) string {
		ws := env.checkout(t, variables["PROFILE"])
		if fetch {
			copyTree(t, artifacts, ws)
		}
		jobEnv := map[string]string{"WALLET_PASSWORD": env.password}
		for k, v := range variables {
			jobEnv[k] = v
		}
		for k, v := range vars {
			jobEnv[k] = v
		}
		for _, line := range append(append([]string{}, def.BeforeScript...), j.Script...) {
			env.shell(t, ws, line, jobEnv)
		}
		for _, p := range j.Artifacts.Paths {
			_, err := os.Stat(filepath.Join(ws, p))
			require.NoError(t, err, "artifact path %s", p)
			copyTree(t, filepath.Join(ws, p), filepath.Join(artifacts, p))
		}
		return ws
	}
	for i := 1; i <= shardJob.Parallel; i++ {
		runJob(shardJob, map[string]string{"CI_NODE_INDEX": strconv.Itoa(i), "CI_NODE_TOTAL": strconv.Itoa(shardJob.Parallel)}, false)
	}
	ws := runJob(verdictJob, nil, true)
	_, err = os.Stat(filepath.Join(ws, verdictJob.Artifacts.Reports.JUnit))
	assert.NoError(t, err, "the JUnit report GitLab reads")
	checkMerged(t, filepath.Join(ws, "conformance-report"), shardJob.Parallel)
}
