package sweep

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/shopspring/decimal"
	"github.com/tidwall/gjson"

	"github.com/wallet-conformance/wallet-conformance/calls"
	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/schemas"
	"github.com/wallet-conformance/wallet-conformance/steps"
)

// The read-backs of an accepted valid input (issue 33 item 2): what a
// request stated is read back through every read operation that shows it,
// and the money it moved is held, to the cent, to the sentences that say
// what a move does to a balance.
//
// Which read shows which stated field is generated from the contract: a
// read operation (a GET of the catalogue answering JSON) shows the fields
// its response schema lists (schemas.FS, following $ref, allOf and the
// items of a list); a stated field is shown where a field of the same name
// is (or one of readRoute.as). What a schema cannot say is in readRoutes
// and stores, one small table: which thing an accepted request stores (an
// account, a stored option, a payment), which reads show that thing and
// how each is reached from the answer and the state, and the sentence that
// makes a shown value the one sent. Where no sentence does, a difference
// is advisory (a WARNING), as in the features; a difference only of case
// (the server's to choose) is none, and one only of white space is
// advisory (variants stored-text-normalised, payment-status-text-normalised).
//
// One read per read operation and accepted input, not per field; Get
// Payment Status of a payment, which readAccepted made before, stays
// where it was (compare, with the echo rules of valid.go).

// stored is what an accepted request keeps for later reads.
type stored int

const (
	storesAccount stored = iota + 1 // an account's own fields
	storesOption                    // a stored payment option
)

// stores: the operations whose accepted request stores a thing its reads
// show (Create and Update Account: the account; Complete Add: the option,
// which Init Add only starts, A-4.6).
var stores = map[string]stored{
	schemas.CreateAccount:                  storesAccount,
	schemas.UpdateAccount:                  storesAccount,
	schemas.CompleteAddStoredPaymentOption: storesOption,
}

// readRoute is how a read operation shows a stored thing: the facts a
// schema cannot give.
type readRoute struct {
	read  string
	thing stored
	// list is the response's list whose item is the thing ("" for the
	// top level); the item is the one whose key equals the answer's keyFrom.
	list, key, keyFrom string
	// as: a field of the read (its path in the item) that shows a request
	// field of another name.
	as map[string]string
	// by: the request fields the read finds the thing by (its userId), one
	// read for each the request stated; the read then shows accno.
	by []string
	// flag: a field of the read under billingAddress is compared only when
	// the request set this flag ("when false the account owner address is
	// used", A-4.6).
	flag string
	// rule: the sentence that makes a shown value the one the writer sent,
	// up to case and runs of white space (an operation's ID -> rule ID);
	// covers: the fields it speaks of (nil: every field shown).
	rule   map[string]string
	covers []string
	// own: a shown field stated by a sentence of its own (field -> rule).
	own map[string]string
	// missing: the rule a thing not shown at all breaks.
	missing string
}

// readRoutes: every read that shows a stored thing.
var readRoutes = []readRoute{
	{
		read: schemas.GetAccount, thing: storesAccount,
		// A-4.4#3: "the account read back holds what Create or Update last
		// sent, for the text fields ... (names, address, references, dob,
		// currCode, e-mail address, login ID)"; A-4.3#4 for an Update.
		rule: map[string]string{schemas.CreateAccount: "A-4.4#3", schemas.UpdateAccount: "A-4.3#4"},
		covers: []string{"lastName", "firstName", "addr1", "addr2", "addr3", "houseNumber", "city", "state", "postCode", "dob",
			"currCode", "emailAddress", "loginID", "externalAccountReference"},
	},
	{
		// B-2.4's currCode is the account's currency: A-4.2 "currency of the account to open".
		read: schemas.BalanceEnquiry, thing: storesAccount,
		rule: map[string]string{schemas.CreateAccount: "B-2.4#1"},
	},
	{
		// B-4.10: "userId S(255) is an e-mail address, login, secondary e-mail address or uuid".
		read: schemas.FindUserAccount, thing: storesAccount, by: []string{"emailAddress", "loginID"},
		rule: map[string]string{schemas.CreateAccount: "B-4.10#3"},
	},
	{
		read: schemas.GetStoredPaymentOptions, thing: storesOption,
		list: "paymentOptions", key: "reference", keyFrom: "storedPaymentOptionReference",
		as:   map[string]string{"code": "paymentOptionCode", "billingAddress.fullName": "customerFullName"},
		flag: "useDifferentBillingAddress",
		// A-4.7#5: the billing address given is the stored option's
		// billingAddress: "code is the payment option code".
		rule:    map[string]string{schemas.CompleteAddStoredPaymentOption: "A-4.7#5"},
		covers:  []string{"customerFullName", "addr1", "addr2", "city", "state", "postCode"},
		own:     map[string]string{"paymentOptionCode": "A-2.6#1"},
		missing: "A-4.13#6",
	},
}

// shownFields is what each read operation's response shows: a field's
// name -> its gjson path, of the top level and (under "list.") of the
// items of each list. Built once from the embedded schemas; read only.
var shownFields = sync.OnceValue(func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, op := range schemas.Catalogue() {
		if op.Method != "GET" || op.PlainText {
			continue
		}
		m := map[string]string{}
		walkShown(op.ResponseSchema(), "", "", m, 0)
		out[op.ID] = m
	}
	return out
})

// walkShown adds the leaf fields of a schema file to m: name -> path (a
// list's items under "list."+name, the path relative to the item). The
// envelope is the read's own call, not the thing it shows, and is left out.
func walkShown(file, list, prefix string, m map[string]string, depth int) {
	if depth > 4 || file == "envelope.response.json" {
		return
	}
	b, err := fs.ReadFile(schemas.FS(), file)
	if err != nil {
		return
	}
	var doc map[string]any
	if json.Unmarshal(b, &doc) != nil {
		return
	}
	walkObject(doc, list, prefix, m, depth)
}

func walkObject(s map[string]any, list, prefix string, m map[string]string, depth int) {
	if ref, ok := s["$ref"].(string); ok && !strings.HasPrefix(ref, "defs.json") {
		walkShown(ref, list, prefix, m, depth+1)
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		subs, _ := s[k].([]any)
		for _, sub := range subs {
			if o, ok := sub.(map[string]any); ok {
				walkObject(o, list, prefix, m, depth+1)
			}
		}
	}
	props, _ := s["properties"].(map[string]any)
	for name, p := range props {
		ps, _ := p.(map[string]any)
		switch items, _ := ps["items"].(map[string]any); {
		case items != nil && list == "":
			walkObject(items, name, "", m, depth+1)
		case ps["properties"] != nil:
			walkObject(ps, list, prefix+name+".", m, depth+1)
		default:
			key := name
			if list != "" {
				key = "list." + list + "." + name
			}
			if _, has := m[key]; !has {
				m[key] = prefix + name
			}
		}
	}
}

// shows is the stated fields a route's read shows: its path (in the item
// for a list) -> the request field.
func (rt readRoute) shows(sent map[string]any) map[string]string {
	out := map[string]string{}
	for key, path := range shownFields()[rt.read] {
		name := key
		if rt.list != "" {
			if !strings.HasPrefix(key, "list."+rt.list+".") {
				continue
			}
			name = strings.TrimPrefix(key, "list."+rt.list+".")
		} else if strings.HasPrefix(key, "list.") {
			continue
		}
		field := name
		if f, ok := rt.as[path]; ok {
			field = f
		} else if i := strings.LastIndex(name, "."); i >= 0 {
			field = name[i+1:]
		}
		if _, stated := sent[field]; stated && !notCompared(field, true) {
			out[path] = field
		}
	}
	return out
}

// readBackStored reads what an accepted input stored through every read
// that shows it (readRoutes).
func (v *validSweeper) readBackStored(in validInput, st *opState, sent map[string]any, r *calls.Reply) error {
	thing, ok := stores[in.op.ID]
	if !ok {
		return nil
	}
	accno := r.JSON.Get("accno").String()
	if accno == "" {
		accno = st.path["accno"]
	}
	if accno == "" {
		return nil
	}
	var account gjson.Result // the account as Get Account Information showed it
	for _, rt := range readRoutes {
		if rt.thing != thing {
			continue
		}
		if len(rt.by) > 0 {
			if err := v.findBy(in, rt, sent, accno, account); err != nil {
				return err
			}
			continue
		}
		shown := rt.shows(sent)
		if len(shown) == 0 {
			continue // the read shows nothing the request stated: not made
		}
		g, err := v.call(rt.read, map[string]string{"accno": accno}, v.x.AccountFields(true))
		if err != nil {
			return err
		}
		if !g.Succeeded() {
			continue
		}
		if rt.read == schemas.GetAccount {
			account = g.JSON
		}
		doc := g.JSON
		if rt.list != "" {
			want := r.JSON.Get(rt.keyFrom).String()
			if want == "" {
				continue
			}
			doc = gjson.Result{}
			for _, item := range g.JSON.Get(rt.list).Array() {
				if item.Get(rt.key).String() == want {
					doc = item
				}
			}
			if !doc.Exists() {
				v.record(in, rt.keyFrom, "sent", "was not listed by "+g.Op.Name, rt.missing,
					fmt.Sprintf("the %s %s the answer named is not listed by %s of the account: the listing holds the options stored on it (%s)\n  %s", rt.keyFrom, want, g.Op.Name, rt.missing, g.Evidence(v.red)),
					[]record.Exchange{r.Ex, g.Ex})
				continue
			}
		}
		v.compareShown(in, rt, sent, shown, doc, g, []record.Exchange{r.Ex, g.Ex})
	}
	return nil
}

// compareShown holds each shown field to the value sent.
func (v *validSweeper) compareShown(in validInput, rt readRoute, sent map[string]any, shown map[string]string, doc gjson.Result, g *calls.Reply, exchanges []record.Exchange) {
	ignorable := map[string]bool{}
	for _, f := range v.set.RequestFields(in.op.ID) {
		ignorable[f.Name] = f.Ignorable || f.Deprecated
	}
	flagged, _ := sent[rt.flag].(bool)
	where := "by " + g.Op.Name
	for _, path := range sortedKeys(shown) {
		field := shown[path]
		// A billing field is the flag's: left unused when it is false, and
		// the stored option's billing address when it is true (its
		// ignorable mark says the former only).
		billing := rt.flag != "" && strings.HasPrefix(path, "billingAddress.")
		if billing && !flagged || ignorable[field] && !billing {
			continue
		}
		rule := rt.rule[in.op.ID]
		if rule != "" && rt.covers != nil && !slices.Contains(rt.covers, field) {
			rule = ""
		}
		if r, ok := rt.own[field]; ok {
			rule = r
		}
		got := doc.Get(path) // a path of field names (billingAddress.addr1), its dots the separators
		if !got.Exists() || got.Type == gjson.Null {
			if rule == "" {
				continue // a field a server need not show
			}
			v.record(in, field, "sent "+short(fmt.Sprint(sent[field])), "was not shown "+where, rule,
				fmt.Sprintf("%s sent %s (%s) is not shown %s (%s is %s): the sentence below makes it the value sent\n  %s", field, short(fmt.Sprint(sent[field])), inputWords(in), where, path, calls.RawOrAbsent(got.Raw), g.Evidence(v.red)), exchanges)
			continue
		}
		same, sentText, cut := sameValue(sent[field], got)
		if same || strings.EqualFold(sentText, gotText(got)) {
			continue // the case of a name or an address is the server's to choose
		}
		why := "the sentence below makes it the value sent"
		switch {
		case cut:
			rule, why = ruleLength, "S(n) is \"treated as maximum\": a text of n characters is kept whole"
		case rule == "":
			why = "no sentence says this field is returned as sent, so this is advisory"
		case strings.EqualFold(strings.Join(strings.Fields(sentText), " "), strings.Join(strings.Fields(gotText(got)), " ")):
			rule, why = "", "it differs only in white space, which no sentence says is kept, so this is advisory"
		}
		v.record(in, field, "sent "+short(sentText), "was returned as "+short(gotText(got))+" "+where, rule,
			fmt.Sprintf("%s sent %s (%s) was returned %s as %s: %s\n  %s", field, short(sentText), inputWords(in), where, short(gotText(got)), why, g.Evidence(v.red)), exchanges)
	}
}

// findBy finds the account by each stated field the route finds it by:
// the accno found must be the account's. Each value is looked up once per
// sweeper (a Create's inputs share their e-mail address and login ID), and
// the account may be any this sweeper opened with that value, since the
// spec does not say that one value names one account.
func (v *validSweeper) findBy(in validInput, rt readRoute, sent map[string]any, accno string, account gjson.Result) error {
	rule := rt.rule[in.op.ID]
	if rule == "" {
		return nil // no sentence speaks of what this writer's values find
	}
	for _, field := range rt.by {
		s, ok := sent[field].(string)
		if !ok || s == "" {
			continue
		}
		if account.Exists() && account.Get(field).String() != "" {
			s = account.Get(field).String() // as the account keeps it: a normalising server finds by that
		}
		key := field + "\x00" + strings.ToLower(s)
		if v.holders == nil {
			v.holders = map[string][]string{}
		}
		first := len(v.holders[key]) == 0
		v.holders[key] = append(v.holders[key], accno)
		if !first {
			continue
		}
		f := v.x.Envelope(true)
		f["userId"] = s
		g, err := v.call(rt.read, nil, f)
		if err != nil {
			return err
		}
		exchanges := []record.Exchange{g.Ex}
		found := g.JSON.Get("accno").String()
		switch {
		case !g.Succeeded():
			v.record(in, field, "sent "+short(s), "did not find the account by "+g.Op.Name, rule,
				fmt.Sprintf("%s sent %s (%s): %s with it as userId did not find the account %s (B-4.10: \"userId S(255) is an e-mail address, login, secondary e-mail address or uuid\")\n  %s", field, short(s), inputWords(in), g.Op.Name, accno, g.Evidence(v.red)), exchanges)
		case !slices.Contains(v.holders[key], found):
			v.record(in, field, "sent "+short(s), "found another account by "+g.Op.Name, rule,
				fmt.Sprintf("%s sent %s (%s): %s with it as userId found %s, not the account %s opened with it\n  %s", field, short(s), inputWords(in), g.Op.Name, found, accno, g.Evidence(v.red)), exchanges)
		}
	}
	return nil
}

// moneyMove is what an accepted move does to the wallet's balance by the
// sentence that defines it: amount is the request's amount field; bk and
// blk the sign of its change of bkBal and blkAmt (0: unchanged), nil where
// the sentence leaves it open; also, an answer field whose amount a load
// may book instead (B-3#9).
type moneyMove struct {
	amount  string
	bk, blk *int
	rule    string
	also    string
	// fee is a field of the move whose amount the spec does not say who
	// pays ("modifiedFeeAmount ... fee charged for capturing"): the wallet's
	// bkBal may move by the amount with it or without it.
	fee string
}

func sign(n int) *int { return &n }

// moneyMoves: the moves whose stated amount a balance shows (B-3, B-2.4).
// A Refund's effect on the wallet is not stated (B-3#22), nor what Init
// Load Account does (B-3#2): they are not here.
var moneyMoves = map[string]moneyMove{
	// "blkAmt Dec(18) blocked amount (authorized until captured or cancelled)"
	schemas.KCAuthorize: {amount: "paymentAmount", bk: sign(0), blk: sign(1), rule: "B-2.4#4"},
	// "Initiates a payment from an e-wallet account to a merchant account."
	schemas.KCDebitAccount: {amount: "paymentAmount", bk: sign(-1), blk: sign(0), rule: "B-4.15#10"},
	// "the body may also carry modifiedAmount Dec(18,2)": the amount captured is debited; how much of the rest stays blocked is open
	schemas.KCCapture: {amount: "modifiedAmount", bk: sign(-1), rule: "B-4.16#4", fee: "modifiedFeeAmount"},
	// "internally performs Load Account when accno was given at authorization"
	schemas.Capture: {amount: "modifiedAmount", bk: sign(1), blk: sign(0), rule: "B-3#9", also: "processedAmount"},
}

// moneyBefore is the wallet as the sweeper knew it when an input was
// accepted, and the loads it stopped waiting for.
type moneyBefore struct {
	bal     calls.Balance
	pending int
	known   bool // bal was read since the last move that changed it
}

func (v *validSweeper) moneyNow() moneyBefore {
	return moneyBefore{v.walletBal, v.loadsPending, v.walletKnown}
}

// heldToTheMove compares the wallet's balance, as read after an accepted
// move (try), with the one before, by the sentence that says what the move
// does; a move that books shows among the account entries with its
// amount (B-2.3#5, advisory). Nothing is compared when another move may
// have come between (a stated default sent again, a load still settling).
func (v *validSweeper) heldToTheMove(in validInput, st *opState, sent map[string]any, r *calls.Reply, before moneyBefore) error {
	mv, ok := moneyMoves[in.op.ID]
	if !ok || !st.money || v.wallet < 0 || in.sameAs != nil || before.pending > 0 || v.loadsPending != before.pending {
		return nil
	}
	amount, err := decimal.NewFromString(amountOf(sent[mv.amount]))
	if err != nil {
		return nil // not stated: what it defaults to is another sentence's
	}
	after := v.walletBal
	dBk, dBlk := after.Bk.Sub(before.bal.Bk), after.Blk.Sub(before.bal.Blk)
	want := func(s *int) decimal.Decimal { return amount.Mul(decimal.NewFromInt(int64(*s))) }
	okBk := mv.bk == nil || dBk.Equal(want(mv.bk))
	if !okBk && mv.also != "" {
		if alt, err := decimal.NewFromString(r.JSON.Get(mv.also).Raw); err == nil && dBk.Equal(alt.Mul(decimal.NewFromInt(int64(*mv.bk)))) {
			okBk = true
		}
	}
	if !okBk && mv.fee != "" {
		if fee, err := decimal.NewFromString(amountOf(sent[mv.fee])); err == nil && dBk.Equal(amount.Add(fee).Mul(decimal.NewFromInt(int64(*mv.bk)))) {
			okBk = true // the fee charged to the wallet too: the spec leaves who pays it open
		}
	}
	okBlk := mv.blk == nil || dBlk.Equal(want(mv.blk))
	if !okBk || !okBlk {
		q, _ := v.cat.Rule(mv.rule)
		v.record(in, mv.amount, "sent "+amount.String(), fmt.Sprintf("moved the balance by %s (bkBal) and %s (blkAmt)", dBk.StringFixed(2), dBlk.StringFixed(2)), mv.rule,
			fmt.Sprintf("%s %s (%s) was accepted and moved the wallet's bkBal from %s to %s and blkAmt from %s to %s: the sentence below makes the move %s, to the cent (\"%s\")\n  %s",
				mv.amount, amount.String(), inputWords(in), before.bal.Bk.StringFixed(2), after.Bk.StringFixed(2), before.bal.Blk.StringFixed(2), after.Blk.StringFixed(2), moveWords(mv, amount), q.Quote, r.Evidence(v.red)),
			[]record.Exchange{r.Ex})
		return nil // the entry would say it again
	}
	if mv.bk == nil || *mv.bk == 0 {
		return nil
	}
	// The booking among the account entries: one read of the wallet's listing.
	f := v.x.AccountFields(true)
	f["top"] = steps.AllEntries
	a := v.x.accounts[v.wallet]
	g, err := v.call(schemas.AccountEnquiry, map[string]string{"accno": a.accno}, f)
	if err != nil || !g.Succeeded() {
		return err
	}
	booked := dBk.Abs()
	for _, e := range g.JSON.Get("entries").Array() {
		if d, err := decimal.NewFromString(e.Get("amount").Raw); err == nil && (d.Abs().Equal(amount) || d.Abs().Equal(booked)) {
			return nil
		}
	}
	v.record(in, mv.amount, "sent "+amount.String(), "was booked without an entry of its amount", "B-2.3#5",
		fmt.Sprintf("%s %s (%s) moved bkBal by %s, and no entry of %s listed by %s holds that amount (advisory, B-2.3#5: that every booking appears as an account entry is implied, not stated; an entry's amount is compared by its absolute value, B-2.3#4)\n  %s",
			mv.amount, amount.String(), inputWords(in), dBk.StringFixed(2), a.accno, g.Op.Name, g.Evidence(v.red)),
		[]record.Exchange{r.Ex, g.Ex})
	return nil
}

// moveWords is a move's change in words.
func moveWords(mv moneyMove, amount decimal.Decimal) string {
	var parts []string
	for _, c := range []struct {
		name string
		s    *int
	}{{"bkBal", mv.bk}, {"blkAmt", mv.blk}} {
		switch {
		case c.s == nil:
		case *c.s == 0:
			parts = append(parts, c.name+" unchanged")
		case *c.s > 0:
			parts = append(parts, c.name+" up by "+amount.String())
		default:
			parts = append(parts, c.name+" down by "+amount.String())
		}
	}
	if mv.also != "" {
		parts = append(parts, "(or by the "+mv.also+" answered)")
	}
	return strings.Join(parts, ", ")
}
