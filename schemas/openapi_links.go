package schemas

import (
	"fmt"
	"strings"
)

// Links between operations (OpenAPI Link Objects): the values one
// operation's success response hands to later calls, so a stateful tool can
// chain them: the token of Issue Token, an account number, a stored
// payment option reference, a payment's uniqueReference, a consent
// reference. A link can name a parameter (path, query, header) but not one
// field of a request body, so the account number that Init Authorize,
// Authorize and the KC operations carry in their bodies is not linked.

// authHeader is the link parameter that carries the token.
const authHeader = "header.X-Auth-Token"

// opLink is one link of an operation's success response.
type opLink struct {
	to          string            // operationId of the linked operation
	params      map[string]string // "in.name" -> runtime expression
	description string
}

// pathHas reports whether an operation's path has the parameter {name}.
func pathHas(op Operation, name string) bool {
	return strings.Contains(op.Path, "{"+name+"}")
}

// paymentLinks are the operations a payment's uniqueReference feeds, by the
// operation that returns it (B-3): what may follow each move.
var paymentLinks = map[string][]string{
	InitAuthorize:     {CompleteAuthorize, Capture, Refund, Cancel, GetPaymentStatus},
	CompleteAuthorize: {Capture, Refund, Cancel, GetPaymentStatus},
	Authorize:         {Capture, Refund, Cancel, GetPaymentStatus},
	Capture:           {Refund, GetPaymentStatus},
	KCAuthorize:       {KCCapture, KCCancel, KCRefund},
	KCDebitAccount:    {KCRefund},
	KCCapture:         {KCRefund},
}

// linksFrom returns the links of op's success response, in catalogue order.
func linksFrom(op Operation, ops []Operation) []opLink {
	var out []opLink
	switch op.ID {
	case IssueToken:
		for _, to := range ops {
			if to.Anonymous {
				continue
			}
			out = append(out, opLink{
				to:          to.ID,
				params:      map[string]string{authHeader: "$response.body#/token"},
				description: fmt.Sprintf("The token authenticates %s (A-5): send it as X-Auth-Token until validUntil, and reuse it over many calls.", to.Name),
			})
		}
	case CreateAccount, FindUserAccount:
		what := "the account just opened"
		if op.ID == FindUserAccount {
			what = "the account found"
		}
		for _, to := range ops {
			if !pathHas(to, "accno") {
				continue
			}
			out = append(out, opLink{
				to:          to.ID,
				params:      map[string]string{"path.accno": "$response.body#/accno"},
				description: fmt.Sprintf("accno, %s, is the account of %s.", what, to.Name),
			})
		}
	case CompleteAddStoredPaymentOption:
		for _, to := range ops {
			if !pathHas(to, "storedPaymentOptionReference") {
				continue
			}
			out = append(out, opLink{
				to: to.ID,
				params: map[string]string{
					"path.accno":                        "$request.path.accno",
					"path.storedPaymentOptionReference": "$response.body#/storedPaymentOptionReference",
				},
				description: fmt.Sprintf("storedPaymentOptionReference, the payment option just stored on the account, is the option of %s.", to.Name),
			})
		}
	case AddConsent:
		out = append(out, opLink{
			to: RevokeConsent,
			params: map[string]string{
				"path.accno":            "$request.path.accno",
				"path.consentReference": "$response.body#/consentReference",
			},
			description: "consentReference, the consent just given, is the consent Revoke Consent revokes.",
		})
	}
	for _, id := range paymentLinks[op.ID] {
		to, _ := Lookup(id)
		out = append(out, opLink{
			to:          id,
			params:      map[string]string{"path.uniqueReference": "$response.body#/uniqueReference"},
			description: fmt.Sprintf("uniqueReference names the payment for %s, when its state allows that move (B-3).", to.Name),
		})
	}
	return out
}

// linkObjects renders op's links as the links map of a Response Object.
func linkObjects(op Operation, ops []Operation) map[string]any {
	links := linksFrom(op, ops)
	if len(links) == 0 {
		return nil
	}
	out := make(map[string]any, len(links))
	for _, l := range links {
		params := make(map[string]any, len(l.params))
		for k, v := range l.params {
			params[k] = v
		}
		out[l.to] = map[string]any{
			"operationId": l.to,
			"parameters":  params,
			"description": l.description,
		}
	}
	return out
}
