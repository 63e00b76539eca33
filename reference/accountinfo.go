package reference

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wallet-conformance/wallet-conformance/schemas"
)

// Sort Direction values (B-4.12) the server knows.
const (
	sortAscending  = "ASC"
	sortDescending = "DESC"
)

// The default bounds of a day in Account Enquiry (B-4.12).
const (
	startOfDay = "000000"
	endOfDay   = "235959"
)

// accountInfoOperations lists the account information endpoints.
func accountInfoOperations() []operation {
	return []operation{
		{id: schemas.FindUserAccount, run: (*handler).findUser},
		{id: schemas.CheckAvailablePaymentAmount, run: (*handler).checkAmount},
		{id: schemas.AccountEnquiry, run: (*handler).accountEnquiry},
		{id: schemas.BalanceEnquiry, run: (*handler).balanceEnquiry},
	}
}

// onLedgerAccount runs fn with the number of the account of the call's
// accno: an open wallet account of the call's partner (holding the account
// store's lock, so Close Account cannot interleave) or the merchant
// account, which every partner reaches. It answers an unknown and a closed
// account.
func (h *handler) onLedgerAccount(c *call, fn func(accno string) reply) reply {
	if accno := c.v.str("accno"); accno == h.cfg.MerchantAccno {
		return fn(accno)
	}
	return h.onAccount(c, false, func(a *account) reply { return fn(a.accno) })
}

// userMatches reports whether userID names the account (B-4.10): its
// emailAddress (ignoring case), its loginID (exactly) or its accno.
func (h *handler) userMatches(a *account, userID string) bool {
	email, _ := a.data["emailAddress"].(string)
	login, _ := a.data["loginID"].(string)
	switch {
	case email != "" && strings.EqualFold(email, userID),
		login != "" && login == userID && !h.mutant("find-by-login-fails"),
		a.accno == userID:
		return true
	}
	return false
}

// findUser implements B-4.10 Find User Account: the open account of the
// call's partner that userId names, the one created last when several
// match.
func (h *handler) findUser(c *call) reply {
	userID := c.v.str("userId")
	a, found := h.accounts.find(c.scope, func(a *account) bool {
		return a.statusCode != statusClosed && h.userMatches(a, userID)
	})
	if !found {
		return h.fail(h.p.unknownUser(), "no account found for userId")
	}
	accno := a.accno
	if h.mutant("find-wrong-accno") {
		accno = h.cfg.MerchantAccno
	}
	fields := map[string]any{
		"partnerReference": c.v.str("partnerReference"),
		"programCode":      c.v.str("programCode"),
		"accno":            accno,
	}
	if h.mutant("find-user-no-programcode") {
		fields["programCode"] = nil
	}
	return h.ok(http.StatusOK, fields)
}

// checkAmount implements B-4.11 Check Available Payment Amount: a
// text/plain "yes" when amount is at most avlBal - minimumAllowedBalance,
// else "no". currCode must be the account's currency. Errors stay JSON.
// Under the variant check-amount-negotiates, a request whose Accept header
// admits neither text/plain nor */* is answered 406.
func (h *handler) checkAmount(c *call) reply {
	if h.variant("check-amount-negotiates") && !acceptsPlainText(c.r.Header.Values("Accept")) {
		return reply{status: http.StatusNotAcceptable, code: "0406", desc: "not acceptable: the answer is text/plain"}
	}
	return h.onLedgerAccount(c, func(accno string) reply {
		b, found := h.ledgers.balanceOf(accno, c.now)
		if !found {
			return h.fail(h.p.unknownAccount(), "account not found")
		}
		if cc := c.v.str("currCode"); cc != "" && !strings.EqualFold(cc, b.currCode) { // "" only under a mutant
			return h.fail(h.p.currencyMismatch(), "invalid value: currCode differs from the account's currency")
		}
		amount, _ := c.v.amount("amount")
		available := b.avlBal
		if h.mutant("check-amount-ignores-block") {
			available = b.bkBal
		}
		answer := "no"
		if amount.LessThanOrEqual(available.Sub(h.minimumBalance())) {
			answer = "yes"
		}
		if amount.Equal(available.Sub(h.minimumBalance())) && h.mutant("cr-check-amount-equal-no") {
			answer = "no"
		}
		switch {
		case h.mutant("check-amount-json"):
			return h.ok(http.StatusOK, map[string]any{"result": answer})
		case h.mutant("check-amount-quoted"):
			answer = `"` + answer + `"`
		}
		return reply{status: http.StatusOK, code: "0000", text: answer}
	})
}

// acceptsPlainText reports whether Accept header values admit text/plain
// (text/plain, text/* or */* with a q above zero); no header admits all.
func acceptsPlainText(accept []string) bool {
	if len(accept) == 0 {
		return true
	}
	for _, v := range accept {
		for _, part := range strings.Split(v, ",") {
			media, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			media = strings.ToLower(strings.TrimSpace(media))
			if media != "text/plain" && media != "text/*" && media != "*/*" {
				continue
			}
			if q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
				if f, err := strconv.ParseFloat(q, 64); err == nil && f == 0 {
					continue
				}
			}
			return true
		}
	}
	return false
}

// balanceEnquiry implements B-4.13 Balance Enquiry.
func (h *handler) balanceEnquiry(c *call) reply {
	return h.onLedgerAccount(c, func(accno string) reply {
		b, found := h.ledgers.balanceOf(accno, c.now)
		if !found {
			return h.fail(h.p.unknownAccount(), "account not found")
		}
		available := b.avlBal
		if h.mutant("avlbal-ignores-block") {
			available = b.bkBal
		}
		var psBal any = money(b.psBal)
		switch {
		case h.mutant("psbal-is-booked-balance"):
			psBal = money(b.bkBal)
		case !b.bookedBefore && h.variant("psbal-null-new-account"):
			psBal = nil
		}
		if h.mutant("cr2-psbal-after-first-entry") {
			if first, found := h.firstCloseOfLastDay(accno, c.now); found {
				psBal = money(first)
			}
		}
		fields := map[string]any{
			"partnerReference": c.v.str("partnerReference"),
			"programCode":      c.v.str("programCode"),
			"programAccno":     h.cfg.ProgramAccno,
			"accno":            accno,
			"psBal":            psBal,
			"avlBal":           money(available),
			"bkBal":            money(b.bkBal),
			"blkAmt":           money(b.blkAmt),
			"pooledAmt":        money(decimal.Zero),
			"currCode":         b.currCode,
		}
		if h.mutant("balance-pooledamt-a-string") {
			fields["pooledAmt"] = "1.00"
		}
		if h.mutant("balance-programaccno-a-number") {
			fields["programAccno"] = 4711
		}
		if h.variant("enquiry-programaccno-null") {
			fields["programAccno"] = nil
		}
		return h.ok(http.StatusOK, fields)
	})
}

// enquiryWindow is the part of an account's entries Account Enquiry
// selects: the instants from and to (inclusive, to the second) and the
// kinds of entry included.
type enquiryWindow struct {
	from, to         time.Time // zero when unbounded
	neutral, pending bool      // include neutral, pending entries
	onlyNeutral      bool      // includeNeutral true lists neutral entries only (a mutant's)
	top              int       // -1 when not given
	skip             int
	descending       bool // sortDirection DESC
	topOldest        bool // top keeps the oldest entries (a mutant's)
	skipOldest       bool // skip passes over the oldest entries (a mutant's)
	topBeforeSkip    bool // top is applied before skip (a mutant's)
	sameDayNewest    bool // within one booking date, newest first (a variant's)
	// instant is the instant of an entry the date and time filters compare:
	// its booking instant, or its value instant (a variant's).
	instant func(entry) time.Time
}

// includes reports whether the window includes e.
func (w enquiryWindow) includes(e entry) bool {
	at := w.instant(e).Truncate(time.Second)
	switch {
	case e.neutral && !w.neutral,
		!e.neutral && w.onlyNeutral,
		e.pending && !w.pending,
		!w.from.IsZero() && at.Before(w.from),
		!w.to.IsZero() && at.After(w.to):
		return false
	}
	return true
}

// page returns the entries of list (in booking order) the window keeps:
// skip drops that many of the most recent ones, top keeps that many of the
// most recent that remain; the result is sorted in the window's direction.
func (w enquiryWindow) page(list []entry) []entry {
	start, end := 0, max(len(list)-w.skip, 0)
	if w.skipOldest {
		start, end = min(w.skip, len(list)), len(list)
	}
	if w.topBeforeSkip && w.top >= 0 {
		// the top most recent, of which skip are then dropped
		end = len(list) - min(w.skip, w.top)
		start = max(len(list)-w.top, 0)
		end = max(end, start)
	} else if w.top >= 0 {
		if w.topOldest {
			end = min(start+w.top, end)
		} else {
			start = max(end-w.top, start)
		}
	}
	out := slices.Clone(list[start:end])
	if w.descending {
		slices.Reverse(out)
	}
	if w.sameDayNewest {
		day := func(e entry) string { return e.at.Format(time.DateOnly) }
		slices.SortStableFunc(out, func(a, b entry) int {
			if c := strings.Compare(day(a), day(b)); c != 0 {
				if w.descending {
					return -c
				}
				return c
			}
			return cmp.Compare(b.seq, a.seq)
		})
	}
	return out
}

// dayInstant is the instant of a D and a T value, UTC.
func dayInstant(day, clock string) time.Time {
	t, err := time.Parse(time.DateOnly+"150405", day+clock)
	if err != nil {
		return time.Time{}
	}
	return t
}

// defaultPageSize is how many entries Account Enquiry returns without top
// under the variant default-page-size.
const defaultPageSize = 2

// enquiryWindowOf reads the window of an Account Enquiry call; it answers
// 0001 for an unknown sortDirection.
func (h *handler) enquiryWindowOf(c *call) (enquiryWindow, reply, bool) {
	_, neutralGiven := c.v["includeNeutral"]
	w := enquiryWindow{
		neutral:       c.v.flag("includeNeutral") || (!neutralGiven && h.mutant("neutral-shown-by-default")),
		onlyNeutral:   c.v.flag("includeNeutral") && h.mutant("include-neutral-only-neutral"),
		pending:       c.v.flag("includePendingTransactions") || h.mutant("pending-shown-by-default"),
		top:           -1,
		topOldest:     h.mutant("top-takes-oldest"),
		skipOldest:    h.mutant("skip-takes-oldest"),
		topBeforeSkip: h.mutant("top-before-skip"),
		sameDayNewest: h.variant("same-day-newest-first"),
		instant:       func(e entry) time.Time { return e.at },
	}
	if h.variant("value-dated-next-day") {
		w.instant = h.valueInstant
	}
	descending := sortDescending
	if h.variant("sort-direction-dsc") {
		descending = "DSC"
	}
	switch dir := strings.ToUpper(c.v.str("sortDirection")); dir {
	case "":
		w.descending = h.mutant("cr-sort-default-desc")
	case sortAscending:
	case descending:
		w.descending = true
	default:
		return w, h.invalid(problems{syntax: []string{"sortDirection"}}), false
	}
	if w.descending && h.mutant("cr2-desc-top-takes-oldest") {
		w.topOldest = true // top counted from the head of the list before it is reversed
	}
	if day := c.v.str("startDate"); day != "" {
		clock := c.v.str("startTime")
		if clock == "" || h.mutant("start-time-ignored") {
			clock = startOfDay
		}
		if c.v.str("startTime") == "" && h.mutant("cr-start-time-default-now") {
			clock = c.now.Format("150405")
		}
		w.from = dayInstant(day, clock)
		if h.mutant("start-date-exclusive") {
			w.from = dayInstant(day, startOfDay).AddDate(0, 0, 1)
		}
	}
	if day := c.v.str("endDate"); day != "" {
		clock := c.v.str("endTime")
		if clock == "" || h.mutant("end-time-ignored") {
			clock = endOfDay
		}
		w.to = dayInstant(day, clock)
		if h.mutant("end-date-exclusive") {
			w.to = dayInstant(day, endOfDay).AddDate(0, 0, -1)
		}
	}
	switch s := c.v.str("top"); {
	case h.mutant("top-ignored"):
	case s != "":
		w.top, _ = strconv.Atoi(s) // at most four digits; 0 for what is not a number (a mutant's)
	case h.variant("default-page-size"):
		w.top = defaultPageSize
	}
	if s := c.v.str("skip"); s != "" {
		w.skip, _ = strconv.Atoi(s)
	}
	return w, reply{}, true
}

// accountEnquiry implements B-4.12 Account Enquiry: count is the number of
// entries under the filters, entries the page top and skip select.
func (h *handler) accountEnquiry(c *call) reply {
	w, rep, ok := h.enquiryWindowOf(c)
	if !ok {
		return rep
	}
	return h.onLedgerAccount(c, func(accno string) reply {
		all, found := h.ledgers.entriesOf(accno)
		if !found {
			return h.fail(h.p.unknownAccount(), "account not found")
		}
		selected := slices.DeleteFunc(all, func(e entry) bool { return !w.includes(e) })
		page := w.page(selected)
		var count any = len(selected)
		switch {
		case h.mutant("count-is-page-size"):
			count = len(page)
		case h.variant("count-as-digit-string"):
			count = strconv.Itoa(len(selected))
		}
		entries := make([]any, 0, len(page))
		for _, e := range page {
			if h.mutant("entries-dated-at-first-booking") {
				e.at = selected[0].at
			}
			entries = append(entries, h.entryView(e))
		}
		fields := map[string]any{
			"partnerReference": c.v.str("partnerReference"),
			"programCode":      c.v.str("programCode"),
			"programAccno":     h.cfg.ProgramAccno,
			"accno":            accno,
			"count":            count,
			"entries":          entries,
		}
		if h.mutant("enquiry-programaccno-a-number") {
			fields["programAccno"] = 4711
		}
		if h.variant("enquiry-programaccno-null") {
			fields["programAccno"] = nil
		}
		return h.ok(http.StatusOK, fields)
	})
}
