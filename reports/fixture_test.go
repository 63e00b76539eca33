package reports

import (
	"net/http"
	"time"

	"github.com/wallet-conformance/wallet-conformance/record"
	"github.com/wallet-conformance/wallet-conformance/targetclient"
)

// plantedSecret is a profile password that was never redacted: Build must
// catch it by its field name.
const plantedSecret = "hunter2-never-in-a-report"

// plantedToken is an X-Auth-Token value that was never redacted.
const plantedToken = "tok-live-abcdef0123456789"

// testProfile looks like the runner's redacted profile, except for the
// planted password.
type testProfile struct {
	BaseURL     string `json:"baseUrl"`
	Credentials struct {
		UserID   string `json:"userId"`
		Password string `json:"password"`
	} `json:"credentials"`
	ProgramCode string `json:"programCode"`
}

func testMeta() record.Meta {
	p := testProfile{BaseURL: "https://sandbox.example.com/wallet/v1", ProgramCode: "PRG01"}
	p.Credentials.UserID = "partner-4711"
	p.Credentials.Password = plantedSecret
	return record.Meta{
		RunID: "r0a1b2c", Time: time.Date(2026, 5, 4, 10, 30, 0, 0, time.FixedZone("CEST", 2*3600)),
		SuiteVersion:   "v1.3.0",
		FeaturesSHA256: "1111111111111111111111111111111111111111111111111111111111111111",
		SchemasSHA256:  "2222222222222222222222222222222222222222222222222222222222222222",
		Profile:        p,
		Exclude:        []string{"B-4.19"},
		CallAllowance:  90 * time.Second,
	}
}

func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

const base = "https://sandbox.example.com/wallet/v1"

func createAccountExchange(latency time.Duration) record.Exchange {
	return record.Exchange{
		Operation: "create-account", Method: "PUT", URL: base + "/account",
		RequestHeaders: hdr("Accept", "application/json", "Accept-Language", "en-US", "Content-Type", "application/json", "X-Auth-Token", targetclient.Redacted),
		RequestBody:    `{"partnerReference":"r0a1b2c-1","programCode":"PRG01","localDate":"2026-05-04","localTime":"103000","emailAddress":"a@r0a1b2c.example"}`,
		Status:         201,
		ResponseHeaders: hdr("Content-Type", "application/json", "Date", "Mon, 04 May 2026 08:30:00 GMT",
			"X-Request-Id", "abc-1", "Content-Length", "300"),
		ResponseBody: `{"localDate":"2026-05-04","localTime":"103000","sysDate":"2026-05-04","sysTime":"083000","responseCode":"0000","responseDescription":"OK",` +
			`"accno":"100000001","statusCode":"ACTIVE","twoFAStatusCode":"NONE","accFlowStatusCode":"OPEN","custCode":"C1","vendorHint":"x"}`,
		Latency: latency,
	}
}

// testResult is a realistic run: every status, a failure whose Then step
// made no call (the evidence is the When's exchange), an infrastructure
// error, a scenario that will be waived by its clause.
func testResult() *record.Run {
	failedUpdate := record.Exchange{
		Operation: "update-account", Method: "POST", URL: base + "/account/100000001/updateInfo",
		// A token header as the client records it, and one that escaped redaction.
		RequestHeaders:  hdr("Accept", "application/json", "Content-Type", "application/json", "X-Auth-Token", plantedToken),
		RequestBody:     `{"partnerReference":"r0a1b2c-2","lastName":"O'Brien","password":"[REDACTED]","localDate":"2026-05-04","localTime":"103001","amount":10.00}`,
		Status:          200,
		ResponseHeaders: hdr("Content-Type", "application/json"),
		ResponseBody:    `{"partnerReference":"r0a1b2c-2","responseCode":"0000","responseDescription":"OK","localDate":"2026-05-04","localTime":"103001","sysDate":"2026-05-04","sysTime":"083001"}`,
		Latency:         250 * time.Millisecond,
		Retries:         1, RetriedCodes: []string{"0098"},
	}
	timeout := record.Exchange{
		Operation: "close-account", Method: "POST", URL: base + "/account/100000002/close",
		RequestHeaders: hdr("X-Auth-Token", targetclient.Redacted), RequestBody: `{"closingReason":"test"}`,
		Latency: 90 * time.Second, Error: "context deadline exceeded",
	}
	return &record.Run{
		Target:   base,
		Started:  time.Date(2026, 5, 4, 8, 30, 0, 0, time.UTC),
		Duration: 95 * time.Second,
		Scenarios: []record.Scenario{
			{ID: "A-4.02-create-account.feature:10", Feature: "Create Account", Name: "An account is created", Tags: []string{"A-4.2"}, Clauses: []string{"A-4.2"},
				Status: record.Passed, Duration: 130 * time.Millisecond, Steps: []record.Step{
					{Text: "a new customer", Status: "passed", Exchanges: []record.Exchange{}, Waited: 905 * time.Millisecond},
					{Text: "the partner creates an account for the customer", Status: "passed", Exchanges: []record.Exchange{createAccountExchange(120 * time.Millisecond)}},
					{Text: "the account is active", Status: "passed"},
				}},
			{ID: "A-4.02-create-account.feature:22", Feature: "Create Account", Name: "A second account is created", Tags: []string{"A-4.2"}, Clauses: []string{"A-4.2"},
				Status: record.Passed, Duration: 60 * time.Millisecond, Steps: []record.Step{
					{Text: "the partner creates an account for the customer", Status: "passed", Exchanges: []record.Exchange{createAccountExchange(40 * time.Millisecond)}},
				}},
			{ID: "A-4.03-update-account.feature:14", Feature: "Update Account Information", Name: "A missing lastName is refused", Tags: []string{"A-4.3", "A-7"}, Clauses: []string{"A-4.3", "A-7"},
				Status: record.Failed, Message: "expected a handled error (HTTP 400, responseCode 0001), got HTTP 200 with responseCode 0000", Duration: 300 * time.Millisecond,
				Steps: []record.Step{
					{Text: "an open account", Status: "passed", Exchanges: []record.Exchange{createAccountExchange(80 * time.Millisecond)}},
					{Text: "the partner updates the account without its lastName", Status: "passed", Exchanges: []record.Exchange{failedUpdate}},
					{Text: "the call is refused with responseCode 0001", Status: "failed", Error: "expected a handled error (HTTP 400, responseCode 0001), got HTTP 200 with responseCode 0000"},
				}},
			{ID: "A-4.05-close-account.feature:8", Feature: "Close Account", Name: "An open account is closed", Tags: []string{"A-4.5"}, Clauses: []string{"A-4.5"},
				Status: record.Error, Message: "infrastructure error (timeout): context deadline exceeded", Duration: 90 * time.Second,
				Steps: []record.Step{
					{Text: "the partner closes the account", Status: "failed", Error: "infrastructure error (timeout): context deadline exceeded", Exchanges: []record.Exchange{timeout}},
				}},
			{ID: "A-4.06-init-add-stored-payment-option.feature:30", Feature: "Init Add Stored Payment Option", Name: "A token used twice is refused", Tags: []string{"A-4.6", "advisory"}, Clauses: []string{"A-4.6"},
				Advisory: true, Status: record.Warning, Message: "expected a handled error, got HTTP 201", Duration: 20 * time.Millisecond},
			{ID: "A-4.08-init-verify-stored-payment-option.feature:12", Feature: "Init Verify Stored Payment Option", Name: "A stored option is verified", Tags: []string{"A-4.8"}, Clauses: []string{"A-4.8"},
				Status: record.Skipped, Message: "the profile has no sandbox.verificationCode"},
			{ID: "B-4.19-address-check.feature:5", Feature: "Perform Address Check", Name: "An address is checked", Tags: []string{"B-4.19"}, Clauses: []string{"B-4.19"},
				Status: record.NotClaimed},
		},
	}
}

// clauseWaiver waives the update failure by its clause.
func clauseWaiver(expires string) record.Waiver {
	return record.Waiver{Clause: "A-4.3", Justification: "fix scheduled for release 4.2", Expires: expires}
}

// errorWaiver waives the close timeout by its scenario ID.
func errorWaiver(expires string) record.Waiver {
	return record.Waiver{Scenario: "A-4.05-close-account.feature/An open account is closed", Justification: "sandbox close is slow", Expires: expires}
}

var today = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
