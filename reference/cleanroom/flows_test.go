package cleanroom

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestTokenAndUnauthorized(t *testing.T) {
	h := New(testConfig())
	c := newClient(t, h, "partner-1", testPassword)
	r := c.call("POST", "/user/partner-1/issue", map[string]any{"password": testPassword, "localDate": "2025-01-02", "localTime": "120000"})
	c.expect(r, 200, "0000")
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`).MatchString(r.str("validUntil")) {
		t.Errorf("validUntil %q", r.str("validUntil"))
	}
	for _, k := range []string{"localDate", "localTime", "sysDate", "sysTime", "responseDescription"} {
		if r.str(k) == "" {
			t.Errorf("envelope field %s missing", k)
		}
	}
	r = c.call("POST", "/user/partner-1/issue", map[string]any{"password": "wrong", "localDate": "2025-01-02", "localTime": "120000"})
	c.expect(r, 401, "0096")

	anon := &client{t: t, h: h}
	r = anon.call("PUT", "/account", accountBody())
	c.expect(r, 401, "0096")
	if r.str("partnerReference") != "ref-1" {
		t.Errorf("partnerReference not echoed: %v", r.body)
	}
	anon.token = "not-a-token"
	c.expect(anon.call("GET", "/account/1/balance", acctQuery(nil)), 401, "0096")
}

func TestShortTokenExpires(t *testing.T) {
	cfg := testConfig()
	cfg.ShortTokenTTL = 50 * time.Millisecond
	h := New(cfg)
	c := newClient(t, h, "partner-short", "pw-short")
	c.createAccount()
	time.Sleep(80 * time.Millisecond)
	c.expect(c.call("PUT", "/account", accountBody()), 401, "0096")
}

func TestCreateAndGetAccount(t *testing.T) {
	c := newClient(t, New(testConfig()), "partner-1", testPassword)
	r := c.call("PUT", "/account", accountBody())
	c.expect(r, 201, "0000")
	if r.str("statusCode") != "ACTIVE" || r.str("twoFAStatusCode") != "2FADIS" || r.str("accFlowStatusCode") != "APPROVEDSV" {
		t.Errorf("create response %v", r.body)
	}
	accno := r.str("accno")
	g := c.call("GET", "/account/"+accno, acctQuery(nil))
	c.expect(g, 200, "0000")
	if g.str("lastName") != "Muster" || g.str("currCode") != "EUR" || g.str("nationality3") != "DEU" || g.str("countryName") != "Germany" {
		t.Errorf("get response %v", g.body)
	}
	if v, ok := g.body["addr2"]; !ok || v != nil {
		t.Errorf("absent addr2 should be null, got %v", v)
	}

	// 0001: missing fields are named.
	b := accountBody()
	delete(b, "lastName")
	delete(b, "dob")
	r = c.call("PUT", "/account", b)
	c.expect(r, 400, "0001")
	if d := r.str("responseDescription"); !strings.Contains(d, "lastName") || !strings.Contains(d, "dob") {
		t.Errorf("description %q", d)
	}
	// Conditional rule of.
	b = accountBody()
	b["useDifferentCorrespondenceAddress"] = true
	r = c.call("PUT", "/account", b)
	c.expect(r, 400, "0001")
	if !strings.Contains(r.str("responseDescription"), "correspondenceCity") {
		t.Errorf("description %q", r.str("responseDescription"))
	}
	// Wrong types and formats.
	b = accountBody()
	b["dob"] = "17.05.1980"
	b["useDifferentCorrespondenceAddress"] = "no"
	c.expect(c.call("PUT", "/account", b), 400, "0001")

	// Update and close.
	u := accountBody()
	u["accnoType"] = "00"
	u["city"] = "Munich"
	c.expect(c.call("POST", "/account/"+accno+"/updateInfo", u), 200, "0000")
	if g := c.call("GET", "/account/"+accno, acctQuery(nil)); g.str("city") != "Munich" {
		t.Errorf("update not applied: %v", g.body)
	}
	r = c.call("POST", "/account/"+accno+"/close", acctQuery(map[string]any{"closingReason": "test"}))
	c.expect(r, 200, "0000")
	if r.str("statusCode") != "CLOSED" || r.str("dateClosed") == "" {
		t.Errorf("close response %v", r.body)
	}
	c.expect(c.call("GET", "/account/"+accno+"/balance", acctQuery(nil)), 409, codeClosed)
}

func TestGuestPaymentLoadsWallet(t *testing.T) {
	c := newClient(t, New(testConfig()), "partner-1", testPassword)
	accno := c.createAccount()

	r := c.call("PUT", "/payment/initAuthorize", env(mergeMap(map[string]any{
		"programAccno": "900000001", "accno": accno, "accnoType": "00", "paymentOptionCode": "VISA",
		"presentationAmount": json.Number("25.50"), "presentationCurrCode": "EUR", "presentationUsage": "top up",
	}, guestBilling())))
	c.expect(r, 201, "0000")
	if r.str("statusCode") != "RECEIVED" {
		t.Fatalf("init: %v", r.body)
	}
	ref, tok := r.str("uniqueReference"), r.str("authorizationToken")
	c.expect(c.call("POST", "/payment/"+ref+"/completeAuthorize", env(map[string]any{"authorizationToken": "bad"})), 422, codeAuthToken)
	r = c.call("POST", "/payment/"+ref+"/completeAuthorize", env(map[string]any{"authorizationToken": tok}))
	c.expect(r, 200, "0000")
	if r.str("statusCode") != "AUTHORIZED" || r.num("processedAmount") != "25.50" || r.str("processedCurrCode") != "EUR" {
		t.Fatalf("complete: %v", r.body)
	}
	c.expect(c.call("POST", "/payment/"+ref+"/completeAuthorize", env(map[string]any{"authorizationToken": tok})), 409, codeState)
	r = c.call("POST", "/payment/"+ref+"/capture", env(nil))
	c.expect(r, 201, "0000")
	if r.str("statusCode") != "CAPTURED" {
		t.Fatalf("capture: %v", r.body)
	}
	c.expect(c.call("POST", "/payment/"+ref+"/capture", env(nil)), 409, codeState)
	c.expect(c.call("POST", "/payment/"+ref+"/cancel", env(nil)), 409, codeState)

	b := c.balance(accno)
	if b.num("bkBal") != "25.50" || b.num("avlBal") != "25.50" || b.num("blkAmt") != "0.00" || b.str("currCode") != "EUR" {
		t.Errorf("balance %v", b.body)
	}
	st := c.call("GET", "/payment/"+ref+"/status", env(nil))
	c.expect(st, 200, "0000")
	if st.str("statusCode") != "CAPTURED" || st.str("countryCode3") != "DEU" {
		t.Errorf("status %v", st.body)
	}

	// Check Available Payment Amount is text/plain.
	q := acctQuery(map[string]any{"amount": "25.50", "currCode": "EUR"})
	r = c.call("GET", "/account/"+accno+"/checkAvailablePaymentAmount", q)
	if r.status != 200 || r.text != "yes" || !strings.HasPrefix(r.ctype, "text/plain") {
		t.Errorf("check available: %d %q %q", r.status, r.ctype, r.text)
	}
	q["amount"] = "25.51"
	if r = c.call("GET", "/account/"+accno+"/checkAvailablePaymentAmount", q); r.text != "no" {
		t.Errorf("check available: %q", r.text)
	}

	// Partial refund debits the wallet.
	r = c.call("POST", "/payment/"+ref+"/refund", env(map[string]any{"refundAmount": json.Number("5.50")}))
	c.expect(r, 201, "0000")
	if r.str("statusCode") != "CAPTURED" {
		t.Errorf("refund status %v", r.body)
	}
	c.expect(c.call("POST", "/payment/"+ref+"/refund", env(map[string]any{"refundAmount": json.Number("20.01")})), 422, codeAmount)
	if b := c.balance(accno); b.num("bkBal") != "20.00" {
		t.Errorf("balance after refund %v", b.body)
	}
	e := c.call("GET", "/account/"+accno+"/enquiry", acctQuery(map[string]any{"sortDirection": "DESC", "top": "1"}))
	c.expect(e, 200, "0000")
	if e.num("count") != "2" || len(e.body["entries"].([]any)) != 1 {
		t.Errorf("enquiry %v", e.body)
	}
	if first := e.body["entries"].([]any)[0].(map[string]any); first["entryIndicator"] != "DBIT" {
		t.Errorf("most recent entry %v", first)
	}

	// Guest payments need a billing address.
	bad := env(map[string]any{"programAccno": "900000001", "paymentOptionCode": "VISA", "presentationAmount": json.Number("1"),
		"presentationCurrCode": "EUR", "presentationUsage": "x", "useDifferentBillingAddress": true})
	r = c.call("PUT", "/payment/initAuthorize", bad)
	c.expect(r, 400, "0001")
	if !strings.Contains(r.str("responseDescription"), "customerFullName") {
		t.Errorf("description %q", r.str("responseDescription"))
	}
}

func TestKCFlows(t *testing.T) {
	c := newClient(t, New(testConfig()), "partner-1", testPassword)
	accno := c.createAccount()
	c.load(accno, "100")
	kc := func(extra map[string]any) map[string]any {
		return env(mergeMap(map[string]any{
			"accno": accno, "accnoType": "00", "programAccno": "900000001", "merchantAccno": "800000001",
			"paymentAmount": json.Number("30"), "paymentCurrCode": "EUR", "paymentUsage": "order 1",
			"useDifferentBillingAddress": false, "countryCode": "DE",
		}, extra))
	}
	r := c.call("PUT", "/payment/kc-authorize", kc(map[string]any{"programCode": "PRG01"}))
	c.expect(r, 200, "0000")
	ref := r.str("uniqueReference")
	if r.str("statusCode") != "AUTHORIZED" {
		t.Fatalf("kc-authorize %v", r.body)
	}
	b := c.balance(accno)
	if b.num("blkAmt") != "30.00" || b.num("avlBal") != "70.00" || b.num("bkBal") != "100.00" {
		t.Errorf("balance after kc-authorize %v", b.body)
	}
	r = c.call("POST", "/payment/"+ref+"/kc-capture", env(map[string]any{"modifiedAmount": json.Number("20"), "modifiedAmountCurrCode": "EUR"}))
	c.expect(r, 200, "0000")
	if r.str("statusCode") != "CAPTURED" {
		t.Fatalf("kc-capture %v", r.body)
	}
	c.expect(c.call("POST", "/payment/"+ref+"/kc-capture", env(map[string]any{"modifiedAmountCurrCode": "EUR"})), 409, codeState)
	c.expect(c.call("POST", "/payment/"+ref+"/kc-cancel", env(nil)), 409, codeState)
	if b := c.balance(accno); b.num("bkBal") != "80.00" || b.num("blkAmt") != "0.00" {
		t.Errorf("balance after kc-capture %v", b.body)
	}
	r = c.call("POST", "/payment/"+ref+"/kc-refund", env(map[string]any{"refundAmount": json.Number("5")}))
	c.expect(r, 200, "0000")
	if r.str("statusCode") != "CAPTURED" || r.str("refundSourceAccno") != "800000001" {
		t.Errorf("kc-refund %v", r.body)
	}
	if b := c.balance(accno); b.num("bkBal") != "85.00" {
		t.Errorf("balance after kc-refund %v", b.body)
	}
	// KC-Debit Account moves money at once; merchant by external reference.
	r = c.call("PUT", "/payment/kc-debitAccount", kc(map[string]any{"accnoType": "00", "merchantAccno": "800000001", "paymentAmount": json.Number("10")}))
	c.expect(r, 200, "0000")
	if r.str("statusCode") != "CAPTURED" || r.str("merchantProgramCode") != "MERCH01" {
		t.Errorf("kc-debit %v", r.body)
	}
	if b := c.balance(accno); b.num("bkBal") != "75.00" {
		t.Errorf("balance after kc-debit %v", b.body)
	}
	c.expect(c.call("PUT", "/payment/kc-debitAccount", kc(map[string]any{"paymentAmount": json.Number("75.01")})), 422, codeFunds)
	// KC-Cancel releases the block.
	r = c.call("PUT", "/payment/kc-authorize", kc(map[string]any{"programCode": "PRG01", "merchantAccno": "EXT-MERCHANT-1", "merchantProgramCode": "MERCH01"}))
	c.expect(r, 200, "0000")
	ref2 := r.str("uniqueReference")
	c.expect(c.call("POST", "/payment/"+ref2+"/kc-cancel", env(nil)), 200, "0000")
	c.expect(c.call("POST", "/payment/"+ref2+"/kc-cancel", env(nil)), 409, codeState)
	if b := c.balance(accno); b.num("avlBal") != "75.00" {
		t.Errorf("balance after kc-cancel %v", b.body)
	}
	// countryCode is always required.
	noCountry := kc(map[string]any{"programCode": "PRG01"})
	delete(noCountry, "countryCode")
	c.expect(c.call("PUT", "/payment/kc-authorize", noCountry), 400, "0001")
}

func TestStoredOptions(t *testing.T) {
	c := newClient(t, New(testConfig()), "partner-1", testPassword)
	accno := c.createAccount()
	base := "/account/" + accno + "/storedPaymentOptions"
	r := c.call("POST", base+"/initAdd", acctQuery(map[string]any{"paymentOptionCode": "VISA", "useDifferentBillingAddress": false}))
	c.expect(r, 200, "0000")
	tok := r.str("authorizationToken")
	r = c.call("PUT", base+"/completeAdd", acctQuery(map[string]any{"authorizationToken": tok, "useDifferentBillingAddress": false}))
	c.expect(r, 201, "0000")
	ref := r.str("storedPaymentOptionReference")
	if len(ref) != 36 || r.str("initiationCountryCode") != "DE" {
		t.Fatalf("completeAdd %v", r.body)
	}
	c.expect(c.call("PUT", base+"/completeAdd", acctQuery(map[string]any{"authorizationToken": tok, "useDifferentBillingAddress": false})), 422, codeAuthToken)

	list := c.call("GET", base, acctQuery(nil))
	c.expect(list, 200, "0000")
	opts := list.body["paymentOptions"].([]any)
	if len(opts) != 1 || opts[0].(map[string]any)["statusCode"] != "UNVERIFIED" {
		t.Fatalf("stored options %v", list.body)
	}

	pay := env(map[string]any{"programAccno": "900000001", "accno": accno, "accnoType": "00", "storedPaymentOptionReference": ref,
		"presentationAmount": json.Number("12.34"), "presentationCurrCode": "EUR", "presentationUsage": "load", "useDifferentBillingAddress": false})
	c.expect(c.call("PUT", "/payment/authorize", pay), 409, codeNotVerified)

	c.expect(c.call("POST", base+"/"+ref+"/completeVerify", acctQuery(map[string]any{"verificationCode": testVerify})), 409, codeState)
	r = c.call("POST", base+"/"+ref+"/initVerify", env(map[string]any{"programAccno": "900000001", "accnoType": "00"}))
	c.expect(r, 200, "0000")
	c.expect(c.call("POST", base+"/"+ref+"/completeVerify", acctQuery(map[string]any{"verificationCode": "000000"})), 422, codeVerifyCode)
	c.expect(c.call("POST", base+"/"+ref+"/completeVerify", acctQuery(map[string]any{"verificationCode": testVerify})), 200, "0000")

	r = c.call("PUT", "/payment/authorize", pay)
	c.expect(r, 201, "0000")
	c.expect(c.call("POST", "/payment/"+r.str("uniqueReference")+"/capture", env(nil)), 201, "0000")
	if b := c.balance(accno); b.num("bkBal") != "12.34" {
		t.Errorf("balance after stored load %v", b.body)
	}

	c.expect(c.call("POST", base+"/"+ref+"/setDefault", acctQuery(nil)), 200, "0000")
	list = c.call("GET", base, acctQuery(map[string]any{"transactionTypeCode": "AUTH"}))
	if o := list.body["paymentOptions"].([]any)[0].(map[string]any); o["isDefault"] != true || o["statusCode"] != "VERIFIED" {
		t.Errorf("after setDefault %v", o)
	}
	c.expect(c.call("DELETE", base+"/"+ref, acctQuery(nil)), 200, "0000")
	c.expect(c.call("DELETE", base+"/"+ref, acctQuery(nil)), 404, codeNoStored)

	po := c.call("GET", "/account/"+accno+"/paymentOptions", acctQuery(map[string]any{"transactionTypeCode": "AUTH"}))
	c.expect(po, 200, "0000")
	if len(po.body["paymentOptions"].([]any)) == 0 {
		t.Errorf("no payment options")
	}
}

func TestConsentFindAndIsolation(t *testing.T) {
	h := New(testConfig())
	c := newClient(t, h, "partner-1", testPassword)
	accno := c.createAccount()
	r := c.call("PUT", "/account/"+accno+"/consent", acctQuery(nil))
	c.expect(r, 200, "0000")
	if r.str("consentStatusCode") != "CNSTCONF" || len(r.str("consentReference")) != 32 {
		t.Fatalf("add consent %v", r.body)
	}
	cref := r.str("consentReference")
	r = c.call("POST", "/account/"+accno+"/consent/"+cref+"/revokeConsent", acctQuery(nil))
	c.expect(r, 200, "0000")
	if r.str("consentStatusCode") != "CNSTRVKD" {
		t.Errorf("revoke %v", r.body)
	}
	r = c.call("GET", "/account/find", env(map[string]any{"programCode": "PRG01", "userId": "max@example.com"}))
	c.expect(r, 200, "0000")
	if r.str("accno") != accno {
		t.Errorf("find %v", r.body)
	}

	other := newClient(t, h, "partner-2", "pw-2")
	c.expect(other.call("GET", "/account/"+accno, acctQuery(nil)), 404, codeNoAccount)
	c.expect(other.call("GET", "/account/find", env(map[string]any{"programCode": "PRG01", "userId": "max@example.com"})), 404, codeNoAccount)
	ref := c.load(accno, "10")
	c.expect(other.call("GET", "/payment/"+ref+"/status", env(nil)), 404, codeNoTransaction)

	r = c.call("POST", "/compliance/addressCheck", env(map[string]any{"programCode": "PRG01", "street": "Hauptstrasse", "house": "1", "postalCode": "10115", "city": "Berlin", "countryCode": "DE"}))
	c.expect(r, 200, "0000")
}

func TestRedirectCallback(t *testing.T) {
	got := make(chan string, 1)
	cb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		got <- r.Method + " " + r.URL.RawQuery
	}))
	defer cb.Close()

	c := newClient(t, New(testConfig()), "partner-1", testPassword)
	accno := c.createAccount()
	r := c.call("PUT", "/payment/initAuthorize", env(mergeMap(map[string]any{
		"programAccno": "900000001", "accno": accno, "accnoType": "00", "paymentOptionCode": "VISA",
		"presentationAmount": json.Number("7"), "presentationCurrCode": "EUR", "presentationUsage": "top up",
	}, guestBilling())))
	ref := r.str("uniqueReference")
	r = c.call("POST", "/sandbox/payments/"+ref+"/redirect", env(map[string]any{"callBackUrl": cb.URL + "/back", "merchantTransactionId": "M-1"}))
	c.expect(r, 200, "0000")
	q := <-got
	if !strings.HasPrefix(q, "POST ") || !strings.Contains(q, "paymentResult=OK") || !strings.Contains(q, "merchantTransactionId=M-1") || !strings.Contains(q, "unqiueReference="+ref) {
		t.Errorf("callback %q", q)
	}
	if st := c.call("GET", "/payment/"+ref+"/status", env(nil)); st.str("statusCode") != "CAPTURED" {
		t.Errorf("status after redirect %v", st.body)
	}
	if b := c.balance(accno); b.num("bkBal") != "7.00" {
		t.Errorf("balance after redirect %v", b.body)
	}
}
