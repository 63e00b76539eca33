package schemas

// ExampleTarget holds one target's own values, which the document's
// examples carry in place of the story's (openapi_examples.go), so that a
// tool that sends the examples (Portman, Dredd, Schemathesis's examples
// phase) reaches data that exists at that target instead of the reference
// server's program WALLETPRG and account 100000000017. An empty field keeps
// the story's value. The profile's secrets (the password, the sandbox's
// verification code and one-time password) are never among them: a tool
// takes those from its own environment. The values only fill examples and the server's default
// address: no schema is narrowed to them, so lookup tables the spec does not
// list in full stay open.
type ExampleTarget struct {
	BaseURL string // the server variable base_url's default

	UserID string // credentials.userId: Issue Token's path

	ProgramCode         string
	ProgramAccno        string
	AccnoType           string
	Currency            string
	TitleCode           string
	PaymentOptionCode   string
	TransactionTypeCode string
	MerchantAccno       string
	MerchantProgramCode string

	// Accno is an account of the target, for every example that names the
	// account; Login is its loginID, Find User Account's userId.
	Accno string
	Login string
}

// storyValues pairs each value of the story that is the reference server's
// own data (or the examples' placeholder for it) with the field of
// ExampleTarget that replaces it. Every occurrence of the story's value, as a
// whole string, in a path parameter, a request or a response example is
// replaced, so that the examples still tell one story.
func (t *ExampleTarget) storyValues() map[string]string {
	out := map[string]string{}
	add := func(story, v string) {
		if v != "" && v != story {
			out[story] = v
		}
	}
	add("partner-4711", t.UserID)
	add("WALLETPRG", t.ProgramCode)
	add("PRG0000001", t.ProgramAccno)
	add("00", t.AccnoType)
	add("EUR", t.Currency)
	add("MR", t.TitleCode)
	add("VISA", t.PaymentOptionCode)
	add("AUTH", t.TransactionTypeCode)
	add("MRC0000001", t.MerchantAccno)
	add("MERCHPRG", t.MerchantProgramCode)
	add(exampleAccno, t.Accno)
	return out
}

// apply replaces, in place, the story's values in every example by the
// target's, and names the target's account in Find User Account by its
// login.
func (t *ExampleTarget) apply(exs map[string]opExample) {
	if t == nil {
		return
	}
	values := t.storyValues()
	for id, ex := range exs {
		for k, v := range ex.Path {
			if r, ok := values[v]; ok {
				ex.Path[k] = r
			}
		}
		replaceValues(ex.Request, values)
		if s, ok := ex.Response.(string); ok {
			if r, ok := values[s]; ok {
				ex.Response = r
			}
		} else {
			replaceValues(ex.Response, values)
		}
		if id == FindUserAccount && t.Login != "" {
			ex.Request["userId"] = t.Login
		}
		exs[id] = ex
	}
}

// replaceValues replaces, in place, every string of v (a decoded JSON
// value) that values has a replacement for.
func replaceValues(v any, values map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if s, ok := child.(string); ok {
				if r, ok := values[s]; ok {
					x[k] = r
				}
				continue
			}
			replaceValues(child, values)
		}
	case []any:
		for i, child := range x {
			if s, ok := child.(string); ok {
				if r, ok := values[s]; ok {
					x[i] = r
				}
				continue
			}
			replaceValues(child, values)
		}
	}
}
