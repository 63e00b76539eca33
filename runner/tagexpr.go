package runner

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// TagExpr is a parsed tag expression (run --tags). The grammar is
// Cucumber's tag-expression grammar (and, or, not, parentheses; tags
// written with "@") together with godog's older operators ("&&" for and,
// "," for or, "~" for not):
//
//	expr   = and { "or" and }
//	and    = comma { ("and" | "&&") comma }
//	comma  = unary { "," unary }
//	unary  = ("not" | "~") unary | "(" expr ")" | tag
//
// "not" binds tightest, then ",", then "and"/"&&", then "or": so
// "@a or @b and @c" is "@a or (@b and @c)" as in Cucumber, and
// "@a,@b && @c" is "(@a or @b) and @c" as in godog. A tag is "@" followed
// by characters other than white space, parentheses and ","; a backslash
// escapes the next character. The zero TagExpr (from an empty expression)
// selects every scenario.
type TagExpr struct{ root *tagNode }

type tagOp int

const (
	tagLeaf tagOp = iota
	tagNot
	tagAnd
	tagOr
)

type tagNode struct {
	op   tagOp
	tag  string     // tagLeaf: the tag without "@"
	args []*tagNode // tagNot: one; tagAnd, tagOr: two or more
}

// TagSyntaxError is a tag expression that does not parse. Its message
// quotes the expression and points at the place of the mistake.
type TagSyntaxError struct {
	Expr string
	Pos  int // byte offset in Expr
	Msg  string
}

func (e *TagSyntaxError) Error() string {
	return fmt.Sprintf("tag expression %q: %s at column %d\n  %s\n  %s^", e.Expr, e.Msg, e.Pos+1, e.Expr, strings.Repeat(" ", e.Pos))
}

// ParseTags parses a tag expression; "" (or only white space) is the
// expression that selects everything.
func ParseTags(expr string) (TagExpr, error) {
	toks, err := lexTags(expr)
	if err != nil {
		return TagExpr{}, err
	}
	if len(toks) == 0 {
		return TagExpr{}, nil
	}
	p := &tagParser{expr: expr, toks: toks}
	root, err := p.or()
	if err != nil {
		return TagExpr{}, err
	}
	if t := p.peek(); t.kind != tokEnd {
		if t.kind == tokClose {
			return TagExpr{}, p.errAt(t, "a closing parenthesis without its opening one")
		}
		return TagExpr{}, p.errAt(t, fmt.Sprintf("expected an operator (and, or, &&, ,) before %q", t.text))
	}
	return TagExpr{root: root}, nil
}

// Match reports whether a scenario with these tags (without "@") is selected.
func (e TagExpr) Match(tags []string) bool {
	if e.root == nil {
		return true
	}
	return e.root.eval(tags)
}

// Tags lists the tags the expression names, without "@", in order of
// first appearance.
func (e TagExpr) Tags() []string {
	var out []string
	var walk func(n *tagNode)
	walk = func(n *tagNode) {
		if n == nil {
			return
		}
		if n.op == tagLeaf && !slices.Contains(out, n.tag) {
			out = append(out, n.tag)
		}
		for _, a := range n.args {
			walk(a)
		}
	}
	walk(e.root)
	return out
}

// AndNot returns the expression that selects what e selects and carries
// none of tags.
func (e TagExpr) AndNot(tags ...string) TagExpr {
	if len(tags) == 0 {
		return e
	}
	n := &tagNode{op: tagAnd}
	if e.root != nil {
		n.args = append(n.args, e.root)
	}
	for _, t := range tags {
		n.args = append(n.args, &tagNode{op: tagNot, args: []*tagNode{{op: tagLeaf, tag: strings.TrimPrefix(t, "@")}}})
	}
	if len(n.args) == 1 {
		return TagExpr{root: n.args[0]}
	}
	return TagExpr{root: n}
}

func (n *tagNode) eval(tags []string) bool {
	switch n.op {
	case tagLeaf:
		return slices.Contains(tags, n.tag)
	case tagNot:
		return !n.args[0].eval(tags)
	case tagAnd:
		for _, a := range n.args {
			if !a.eval(tags) {
				return false
			}
		}
		return true
	default:
		for _, a := range n.args {
			if a.eval(tags) {
				return true
			}
		}
		return false
	}
}

// Godog writes the expression in godog's own filter syntax (clauses of
// alternatives joined by "&&", alternatives by ",", "~" for not), which
// can only say a conjunction of disjunctions: the expression is brought to
// that form first. godog then selects exactly the scenarios Match selects.
func (e TagExpr) Godog() string {
	if e.root == nil {
		return ""
	}
	cnf := toCNF(toNNF(e.root, false))
	clauses := make([]string, len(cnf))
	for i, c := range cnf {
		lits := make([]string, len(c))
		for j, l := range c {
			if l.neg {
				lits[j] = "~@" + l.tag
			} else {
				lits[j] = "@" + l.tag
			}
		}
		clauses[i] = strings.Join(lits, ",")
	}
	return strings.Join(clauses, " && ")
}

type literal struct {
	tag string
	neg bool
}

// toNNF pushes every negation down to the tags.
func toNNF(n *tagNode, neg bool) *tagNode {
	switch n.op {
	case tagLeaf:
		if neg {
			return &tagNode{op: tagNot, args: []*tagNode{n}}
		}
		return n
	case tagNot:
		return toNNF(n.args[0], !neg)
	}
	op := n.op
	if neg {
		op = tagAnd + tagOr - op
	}
	out := &tagNode{op: op}
	for _, a := range n.args {
		out.args = append(out.args, toNNF(a, neg))
	}
	return out
}

// toCNF turns an expression in negation normal form into a list of
// clauses, each a list of literals: (l11 or l12 ...) and (l21 ...) ...
func toCNF(n *tagNode) [][]literal {
	switch n.op {
	case tagLeaf:
		return [][]literal{{{tag: n.tag}}}
	case tagNot:
		return [][]literal{{{tag: n.args[0].tag, neg: true}}}
	case tagAnd:
		var out [][]literal
		for _, a := range n.args {
			out = append(out, toCNF(a)...)
		}
		return out
	}
	// or: distribute over the clauses of each alternative.
	out := [][]literal{{}}
	for _, a := range n.args {
		var next [][]literal
		for _, c := range out {
			for _, d := range toCNF(a) {
				next = append(next, append(append([]literal(nil), c...), d...))
			}
		}
		out = next
	}
	return out
}

type tokKind int

const (
	tokEnd tokKind = iota
	tokTag
	tokAnd
	tokOr
	tokComma
	tokNot
	tokOpen
	tokClose
)

type token struct {
	kind tokKind
	text string
	pos  int
}

func lexTags(expr string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(expr) {
		c := rune(expr[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case c == '(':
			toks = append(toks, token{tokOpen, "(", i})
			i++
		case c == ')':
			toks = append(toks, token{tokClose, ")", i})
			i++
		case c == ',':
			toks = append(toks, token{tokComma, ",", i})
			i++
		case c == '~':
			toks = append(toks, token{tokNot, "~", i})
			i++
		case strings.HasPrefix(expr[i:], "&&"):
			toks = append(toks, token{tokAnd, "&&", i})
			i += 2
		default:
			start := i
			var word strings.Builder
			for i < len(expr) {
				c := rune(expr[i])
				if unicode.IsSpace(c) || c == '(' || c == ')' || c == ',' || strings.HasPrefix(expr[i:], "&&") {
					break
				}
				if c == '\\' {
					if i+1 >= len(expr) {
						return nil, &TagSyntaxError{Expr: expr, Pos: i, Msg: "a backslash with nothing to escape"}
					}
					i++
				}
				word.WriteByte(expr[i])
				i++
			}
			w := word.String()
			switch {
			case w == "and":
				toks = append(toks, token{tokAnd, w, start})
			case w == "or":
				toks = append(toks, token{tokOr, w, start})
			case w == "not":
				toks = append(toks, token{tokNot, w, start})
			case strings.HasPrefix(w, "@") && len(w) > 1 && !strings.Contains(w[1:], "@"):
				toks = append(toks, token{tokTag, w, start})
			case strings.HasPrefix(w, "@"):
				return nil, &TagSyntaxError{Expr: expr, Pos: start, Msg: fmt.Sprintf("%q is not a tag", w)}
			default:
				return nil, &TagSyntaxError{Expr: expr, Pos: start, Msg: fmt.Sprintf("%q is neither a tag (tags begin with @) nor an operator (and, or, not, &&, ',', ~)", w)}
			}
		}
	}
	return toks, nil
}

type tagParser struct {
	expr string
	toks []token
	i    int
}

func (p *tagParser) peek() token {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return token{kind: tokEnd, pos: len(p.expr)}
}

func (p *tagParser) next() token { t := p.peek(); p.i++; return t }

func (p *tagParser) errAt(t token, msg string) error {
	return &TagSyntaxError{Expr: p.expr, Pos: t.pos, Msg: msg}
}

func (p *tagParser) binary(op tagOp, kinds []tokKind, operand func() (*tagNode, error)) (*tagNode, error) {
	first, err := operand()
	if err != nil {
		return nil, err
	}
	args := []*tagNode{first}
	for slices.Contains(kinds, p.peek().kind) {
		p.next()
		n, err := operand()
		if err != nil {
			return nil, err
		}
		args = append(args, n)
	}
	if len(args) == 1 {
		return first, nil
	}
	return &tagNode{op: op, args: args}, nil
}

func (p *tagParser) or() (*tagNode, error) {
	return p.binary(tagOr, []tokKind{tokOr}, p.and)
}

func (p *tagParser) and() (*tagNode, error) {
	return p.binary(tagAnd, []tokKind{tokAnd}, p.comma)
}

func (p *tagParser) comma() (*tagNode, error) {
	return p.binary(tagOr, []tokKind{tokComma}, p.unary)
}

func (p *tagParser) unary() (*tagNode, error) {
	t := p.next()
	switch t.kind {
	case tokNot:
		n, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &tagNode{op: tagNot, args: []*tagNode{n}}, nil
	case tokOpen:
		n, err := p.or()
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tokClose {
			if c.kind == tokEnd {
				return nil, p.errAt(t, "this opening parenthesis is never closed")
			}
			return nil, p.errAt(c, fmt.Sprintf("expected ) before %q", c.text))
		}
		return n, nil
	case tokTag:
		return &tagNode{op: tagLeaf, tag: t.text[1:]}, nil
	case tokEnd:
		return nil, p.errAt(t, "the expression ends where a tag is expected")
	default:
		return nil, p.errAt(t, fmt.Sprintf("expected a tag, \"not\" or \"(\" where %q is", t.text))
	}
}
