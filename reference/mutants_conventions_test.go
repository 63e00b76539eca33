package reference

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

func init() {
	for name, probe := range conventionProbes {
		mutantProbes[name] = probe
	}
	maps.Copy(variantProbes, conventionVariantProbes)
}

// long returns a string of n letters.
func long(n int) string { return strings.Repeat("x", n) }

// conventionProbes observe the faults of the mutants of conventionMutants
// added with the rule catalogue (see mutantProbes).
var conventionProbes = map[string]func(c *client) bool{
	"token-expiry-not-enforced": func(c *client) bool {
		short := *c
		short.cfg.UserID, short.cfg.Password = c.cfg.ShortTokenUserID, c.cfg.ShortTokenPassword
		short.token = ""
		accno := c.newAccount()
		short.auth()
		time.Sleep(DefaultShortTokenTTL + 200*time.Millisecond) // past the life of its tokens
		return short.get(accno, nil).code() == "0000"
	},
	"get-account-path-not-relative": func(c *client) bool {
		return c.get(c.newAccount(), nil).code() != "0000"
	},
	"get-account-not-labelled-json": func(c *client) bool {
		return !strings.HasPrefix(c.get(c.newAccount(), nil).header.Get("Content-Type"), "application/json")
	},
	"available-amount-as-json": func(c *client) bool {
		return !strings.HasPrefix(c.checkAmount(c.fundedWallet("10.00"), "5.00", nil).contentType(), "text/plain")
	},
	"get-account-reads-body": func(c *client) bool {
		return c.get(c.newAccount(), nil).code() != "0000"
	},
	"overlength-accepted-on-close": func(c *client) bool {
		return c.close(c.newAccount(), map[string]any{"closingReason": long(1025)}).code() == "0000"
	},
	"overlength-accepted-on-get-account": func(c *client) bool {
		return c.get(c.newAccount(), map[string]any{"partnerReference": long(65)}).code() == "0000"
	},
	"overlength-accepted-on-kc-refund": func(c *client) bool {
		ref := c.kcDebited(c.fundedWallet("50.00"), "20.00")
		return c.kcRefund(ref, map[string]any{"partnerReference": long(65)}).code() == "0000"
	},
	"date-format-unchecked": func(c *client) bool {
		return c.create(map[string]any{"dob": "12.08.1984"}).code() == "0000"
	},
	"time-format-unchecked": func(c *client) bool {
		return c.create(map[string]any{"localTime": "12:00:00"}).code() == "0000"
	},
	"balance-limit-as-string": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("maximumAllowedBalance").Type != gjson.Number
	},
	"provider-response-as-string": func(c *client) bool {
		return !c.initAdd(c.newAccount(), nil).json.Get("paymentProviderResponse").IsObject()
	},
	"n-digits-unchecked": func(c *client) bool {
		return c.update(c.newAccount(), map[string]any{"oneTimePassword": "1234567a"}).code() == "0000"
	},
	"country-alpha3-refused": func(c *client) bool {
		return c.create(map[string]any{"countryCode": "DEU"}).code() != "0000"
	},
	"localtime-not-required": func(c *client) bool {
		return c.create(map[string]any{"localTime": absent}).code() == "0000"
	},
	"error-without-sysdate": func(c *client) bool {
		return !c.create(map[string]any{"city": absent}).json.Get("sysDate").Exists()
	},
	"get-account-programcode-not-echoed": func(c *client) bool {
		return !c.get(c.newAccount(), nil).json.Get("programCode").Exists()
	},
	"sysdate-stuck": func(c *client) bool {
		return c.issue(c.cfg.Password).json.Get("sysDate").String() != time.Now().UTC().Format(time.DateOnly)
	},
	"correspondence-addr1-length-unchecked": func(c *client) bool {
		return c.create(map[string]any{"useDifferentCorrespondenceAddress": true, "correspondenceAddr1": long(61),
			"correspondenceCity": "Wien", "correspondenceCountryCode": "AT", "correspondencePostCode": "1010"}).code() == "0000"
	},
	"business-name-length-unchecked": func(c *client) bool {
		return c.create(map[string]any{"isBusinessUser": true, "businessCompanyName": long(202), "businessCompanyType": "GmbH",
			"businessCompanyRegistrationNumber": "HRB 1", "businessCompanyRegistrationCountryCode": "DE", "businessAddr1": "Weg 1",
			"businessCity": "Bonn", "businessPostCode": "53111", "businessCountryCode": "DE"}).code() == "0000"
	},
	"billing-name-length-unchecked": func(c *client) bool {
		return c.initAdd(c.newAccount(), differentBilling(map[string]any{"customerFullName": long(202)})).code() == "0000"
	},
	"token-too-long": func(c *client) bool {
		return len(c.issue(c.cfg.Password).json.Get("token").String()) > 32768
	},
	"account-flag-as-string": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("isUserActive").Raw != "true"
	},
	"nationality-not-split": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("nationality").String() != "DE"
	},
	"business-country-not-split": func(c *client) bool {
		r := c.create(map[string]any{
			"isBusinessUser": true, "businessCompanyName": "ACME", "businessCompanyType": "GmbH",
			"businessCompanyRegistrationNumber": "HRB 1", "businessCompanyRegistrationCountryCode": "DE",
			"businessAddr1": "a", "businessCity": "c", "businessPostCode": "1", "businessCountryCode": "DEU",
		})
		a := c.get(r.json.Get("accno").String(), nil).json
		return a.Get("businessCountryCode").String() != "DE" || a.Get("businessCountryCode3").String() != "DEU"
	},
	"culture-not-a-tag-accepted": func(c *client) bool {
		r := c.create(map[string]any{"culture": "de_DE"})
		return r.code() == "0000" && c.get(r.json.Get("accno").String(), nil).json.Get("culture").String() == "de_DE"
	},
	"create-no-twofa-status": func(c *client) bool {
		return !c.create(nil).json.Get("twoFAStatusCode").Exists()
	},
	"create-validuntil-honoured": func(c *client) bool {
		return c.create(map[string]any{"validUntil": "2000-01-01"}).code() != "0000"
	},
	"close-unknown-account-succeeds": func(c *client) bool {
		return c.close("NO-SUCH-ACCOUNT", nil).code() == "0000"
	},
	"token-without-validuntil": func(c *client) bool {
		return !c.issue(c.cfg.Password).json.Get("validUntil").Exists()
	},
	"nationality-alpha3-refused": func(c *client) bool {
		return c.create(map[string]any{"nationality": "DEU"}).code() != "0000"
	},
	"isbusinessuser-default-true": func(c *client) bool {
		return c.create(map[string]any{"isBusinessUser": absent}).code() != "0000"
	},
	"create-productcode-a-number": func(c *client) bool {
		return c.create(nil).json.Get("productCode").Type == gjson.Number
	},
	"update-lastname-overlength-accepted": func(c *client) bool {
		return c.update(c.newAccount(), map[string]any{"lastName": long(101)}).code() == "0000"
	},
	"update-accno-a-number": func(c *client) bool {
		return c.update(c.newAccount(), nil).json.Get("accno").Type == gjson.Number
	},
	"get-account-status-202": func(c *client) bool {
		return c.get(c.newAccount(), nil).status != http.StatusOK
	},
	"close-data-deletion-refused": func(c *client) bool {
		return c.close(c.newAccount(), map[string]any{"isDataDeleted": true, "externalRequestReference": "del-1"}).code() != "0000"
	},
	"close-payout-option-refused": func(c *client) bool {
		accno := c.newAccount()
		ref := c.addOption(accno, "VISA")
		return c.close(accno, map[string]any{"storedPaymentOptionReference": ref}).code() != "0000"
	},
	"close-accno-a-number": func(c *client) bool {
		return c.close(c.newAccount(), nil).json.Get("accno").Type == gjson.Number
	},
	"close-account-anonymous": func(c *client) bool {
		return c.do(http.MethodPost, "/account/"+url.PathEscape(c.newAccount())+"/close", c.closeBody(nil), "").code() == "0000"
	},
	"token-single-use": func(c *client) bool {
		c.newAccount()
		return c.create(nil).code() != "0000"
	},
	"token-validuntil-past": func(c *client) bool {
		until, err := time.Parse(validUntilLayout, c.issue(c.cfg.Password).json.Get("validUntil").String())
		return err != nil || !until.After(time.Now())
	},
	"unauthorized-http-200": func(c *client) bool {
		return c.do(http.MethodPut, "/account", c.createBody(nil), "").status < 400
	},
	"handled-error-http-200": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		return c.update(accno, nil).status < 400
	},
	"number-as-string-accepted": func(c *client) bool {
		return c.create(map[string]any{"lastName": json.Number("42")}).code() == "0000"
	},
	"missing-fields-first-only": func(c *client) bool {
		desc := c.create(map[string]any{"city": absent, "postCode": absent}).json.Get("responseDescription").String()
		return !strings.Contains(desc, "city") || !strings.Contains(desc, "postCode")
	},
	"missing-field-within-word": func(c *client) bool {
		return strings.Contains(c.create(map[string]any{"city": absent}).json.Get("responseDescription").String(), "businessCity")
	},
	"unshown-success-202": func(c *client) bool {
		return c.addressCheck(nil).status == http.StatusAccepted
	},
	"refusal-0001-http-409": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		r := c.initAdd(accno, nil)
		return r.code() == "0001" && r.status != http.StatusBadRequest
	},
	"closed-account-delete-allowed": func(c *client) bool {
		accno, ref := c.storedRef()
		c.close(accno, nil)
		return c.deleteOption(accno, ref, nil).code() == "0000"
	},
	"closed-wallet-kc-debit-allowed": func(c *client) bool {
		accno := c.fundedWallet("50.00")
		c.close(accno, nil)
		return c.kcDebit(accno, "10.00", nil).code() == "0000"
	},
	"closed-account-authorize-allowed": func(c *client) bool {
		stored := c.addOption(c.newAccount(), "VISA")
		accno := c.newAccount()
		c.close(accno, nil)
		return c.authorizePayment(stored, map[string]any{"accno": accno, "accnoType": "00"}).code() == "0000"
	},
	"closed-wallet-capture-loads": func(c *client) bool {
		accno := c.newAccount()
		ref, token := c.receivedPayment(map[string]any{"accno": accno, "accnoType": "00", "presentationAmount": json.Number("40.00")})
		if c.completeAuthorize(ref, token, nil).code() != "0000" {
			return false
		}
		c.close(accno, nil)
		return c.capture(ref, nil).code() == "0000"
	},
	"closed-wallet-kc-capture-allowed": func(c *client) bool {
		accno := c.fundedWallet("50.00")
		ref := c.kcAuthorized(accno, "30.00")
		c.close(accno, nil)
		return c.kcCapture(ref, nil).code() == "0000"
	},
	"closed-wallet-kc-refund-allowed": func(c *client) bool {
		accno := c.fundedWallet("50.00")
		ref := c.kcAuthorized(accno, "30.00")
		if c.kcCapture(ref, nil).code() != "0000" {
			return false
		}
		c.close(accno, nil)
		return c.kcRefund(ref, nil).code() == "0000"
	},
	"closed-account-read-active": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		r := c.get(accno, nil)
		return r.code() == "0000" && r.json.Get("statusCode").String() != "CLOSED"
	},
	"token-checked-but-its-end": func(c *client) bool {
		accno := c.newAccount()
		tok := c.auth()
		i := len(tok) / 2
		return c.do(http.MethodGet, "/account/"+url.PathEscape(accno)+c.getQuery(nil), nil, tok[:i]+"A"+tok[i:]).code() == "0000"
	},
	"token-validuntil-before-issue": func(c *client) bool {
		until, err := time.Parse("2006-01-02T15:04:05.000Z", c.issue(c.cfg.Password).json.Get("validUntil").String())
		return err == nil && until.Before(time.Now().Add(-20*time.Second))
	},
	"wrong-password-0099": func(c *client) bool {
		r := c.issue("not-the-password")
		return r.code() == "0099" || r.status == http.StatusInternalServerError
	},
	"closed-update-0099": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		return c.update(accno, nil).code() == "0099"
	},
	"authorization-token-too-long": func(c *client) bool {
		return len(c.initAdd(c.newAccount(), nil).json.Get("authorizationToken").String()) > 8192
	},
	"top-five-digits-accepted": func(c *client) bool {
		return c.enquiry(c.newAccount(), map[string]any{"top": "10000"}).code() == "0000"
	},
}

// statusAccepting sends a GET of path with the Accept header accept and
// returns the HTTP status, whatever the answer's type; 0 when no answer
// came.
func (c *client) statusAccepting(path, accept string) int {
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return 0
	}
	req.Header.Set("X-Auth-Token", c.auth())
	req.Header.Set("Accept", accept)
	res, err := c.httpClient().Do(req)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// conventionVariantProbes observe the choice of each variant of
// conventionVariants: a probe reports true when the server makes it. Each
// must be false on the Standard server (TestEveryVariantIsObservable).
var conventionVariantProbes = map[string]func(c *client) bool{
	// The field the Response line of Create Account does not list comes
	// back as sent.
	"echoes-unlisted-request-fields": func(c *client) bool {
		r := c.create(nil)
		return r.code() == "0000" && r.json.Get("lastName").String() == c.createBody(nil)["lastName"]
	},
	// An Accept that admits no JSON is refused with 406; one that does is
	// served.
	"accept-negotiated": func(c *client) bool {
		path := "/account/" + url.PathEscape(c.newAccount()) + c.getQuery(nil)
		return c.statusAccepting(path, "text/html") == http.StatusNotAcceptable && c.statusAccepting(path, "application/json") == http.StatusOK
	},
	"overlength-own-code": func(c *client) bool {
		r := c.create(map[string]any{"lastName": long(101)})
		return r.code() == "0040" && r.status == http.StatusUnprocessableEntity && strings.Contains(r.json.Get("responseDescription").String(), "lastName")
	},
	// A date that does not exist has the own code; one in another notation
	// stays a syntax error.
	"impossible-value-own-code": func(c *client) bool {
		r := c.create(map[string]any{"dob": "1990-02-30"})
		return r.code() == "0041" && r.status == http.StatusUnprocessableEntity && strings.Contains(r.json.Get("responseDescription").String(), "dob") &&
			c.create(map[string]any{"dob": "30.02.1990"}).code() == "0001"
	},
	// A character inserted in the middle stays refused.
	"token-appended-character-ignored": func(c *client) bool {
		accno := c.newAccount()
		tok := c.auth()
		i := len(tok) / 2
		path := "/account/" + url.PathEscape(accno) + c.getQuery(nil)
		inserted := c.do(http.MethodGet, path, nil, tok[:i]+"A"+tok[i:])
		return inserted.code() == "0096" && c.do(http.MethodGet, path, nil, tok+"A").code() == "0000"
	},
	"handled-errors-http-5xx": func(c *client) bool {
		accno := c.newAccount()
		c.close(accno, nil)
		closed := c.update(accno, nil)
		unauthorized := c.do(http.MethodGet, "/account/"+url.PathEscape(accno)+c.getQuery(nil), nil, "")
		return closed.code() != "0099" && closed.status == http.StatusInternalServerError &&
			unauthorized.code() == "0096" && unauthorized.status == http.StatusServiceUnavailable
	},
	// Complete Verify's verificationCode, an N(6), as a string of digits is
	// a syntax error naming it; as a JSON number it is taken.
	"n-fields-json-numbers": func(c *client) bool {
		asString := c.verifiedReply(map[string]any{"verificationCode": c.cfg.VerificationCode})
		asNumber := c.verifiedReply(map[string]any{"verificationCode": json.Number(c.cfg.VerificationCode)})
		return asString.code() == "0001" && strings.Contains(asString.json.Get("responseDescription").String(), "verificationCode") && asNumber.code() == "0000"
	},
	// A field Create Account's table does not list is refused, naming it;
	// the request without it is taken.
	"unlisted-fields-refused": func(c *client) bool {
		r := c.create(map[string]any{"favouriteColour": "blue"})
		return r.code() == "0001" && strings.Contains(r.json.Get("responseDescription").String(), "favouriteColour") && c.create(nil).code() == "0000"
	},
	"issue-token-needs-partnerreference": func(c *client) bool {
		r := c.issue(c.cfg.Password)
		return r.code() == "0001" && strings.Contains(r.json.Get("responseDescription").String(), "partnerReference")
	},
	"culture-posix-locale-accepted": func(c *client) bool {
		r := c.create(map[string]any{"culture": "de_DE"})
		return r.code() == "0000" && c.get(r.json.Get("accno").String(), nil).json.Get("culture").String() == "de-DE"
	},
	// Given in alpha-2, returned in alpha-3.
	"country-codes-alpha3": func(c *client) bool {
		return c.get(c.newAccount(), nil).json.Get("countryCode").String() == "DEU"
	},
	"account-status-values-other": func(c *client) bool {
		j := c.create(nil).json
		return j.Get("twoFAStatusCode").String() == "2FAOFF" && j.Get("accFlowStatusCode").String() == "APPROVED"
	},
	"stored-text-normalised": func(c *client) bool {
		r := c.create(map[string]any{"lastName": "  von   Beispiel ", "emailAddress": "Max.Beispiel@Example.COM"})
		require.Equal(c.t, "0000", r.code(), r.raw)
		got := c.get(r.json.Get("accno").String(), nil).json
		return got.Get("lastName").String() == "VON BEISPIEL" && got.Get("emailAddress").String() == "max.beispiel@example.com"
	},
	"close-repeat-succeeds": func(c *client) bool {
		accno := c.newAccount()
		first := c.close(accno, nil)
		again := c.close(accno, nil)
		return first.code() == "0000" && again.code() == "0000" && again.json.Get("statusCode").String() == "CLOSED" &&
			again.json.Get("dateClosed").String() == first.json.Get("dateClosed").String()
	},
	// addr2, which the update does not carry, is kept.
	"update-keeps-omitted-fields": func(c *client) bool {
		r := c.create(map[string]any{"addr2": "Hinterhaus"})
		require.Equal(c.t, "0000", r.code(), r.raw)
		accno := r.json.Get("accno").String()
		return c.update(accno, nil).code() == "0000" && c.get(accno, nil).json.Get("addr2").String() == "Hinterhaus"
	},
	"compliance-data-on-update": func(c *client) bool {
		d := c.update(c.newAccount(), nil).json.Get("providerResponse.complianceData")
		return d.Get("archiveId").String() != "" && d.Get("trafficLight").String() != "" &&
			d.Get("details.0.name").String() == "Erika Musterfrau" && d.Get("details.0.birthdate").String() == "19850131"
	},
	// A guest Capture leaves out its accno and custom1, which have no
	// value; Get Account Information keeps its nulls.
	"omits-valueless-fields": func(c *client) bool {
		capture := c.capture(c.authorizedPayment(), nil)
		account := c.get(c.newAccount(), nil)
		return capture.code() == "0000" && !capture.json.Get("accno").Exists() && !capture.json.Get("custom1").Exists() &&
			account.json.Get("addr2").Type == gjson.Null
	},
	// The first attempt of a Get Account Information is answered 0098 with
	// HTTP 503; its repeat is served.
	"retry-before-serving": func(c *client) bool {
		accno := c.newAccount()
		first, again := c.get(accno, nil), c.get(accno, nil)
		return first.code() == "0098" && first.status == http.StatusServiceUnavailable && again.code() == "0000"
	},
	"partner-reference-once": func(c *client) bool {
		accno := c.newAccount()
		q := map[string]any{"partnerReference": "pr-once-" + accno}
		first, again := c.get(accno, q), c.get(accno, q)
		return first.code() == "0000" && again.code() == "0057" && again.status == http.StatusConflict
	},
}
