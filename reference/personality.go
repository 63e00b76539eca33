package reference

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"

	"github.com/shopspring/decimal"
)

// Personality selects one of two conforming behaviours. Where the
// specification leaves a choice open, Standard and Alternative choose
// differently, so a suite that asserts one server's choice fails on the other.
type Personality int

const (
	// Standard is the default personality.
	Standard Personality = iota
	// Alternative makes every open choice differently from Standard.
	Alternative
)

// outcome is the response code and HTTP status of a handled error.
type outcome struct {
	code   string
	status int
}

// The methods below are the complete list of choices a personality makes.
// Each states both answers.

// successDescription is the responseDescription of code 0000.
// Standard "OK"; Alternative "Success".
func (p Personality) successDescription() string {
	if p == Alternative {
		return "Success"
	}
	return "OK"
}

// missingDescription names the missing mandatory fields (code 0001).
func (p Personality) missingDescription(names []string) string {
	if p == Alternative {
		return "Missing mandatory field(s): " + strings.Join(names, ", ")
	}
	return "mandatory field missing: " + strings.Join(names, ", ")
}

// syntaxDescription names the fields with a syntax error (code 0001).
func (p Personality) syntaxDescription(names []string) string {
	if p == Alternative {
		return "Invalid value in field(s): " + strings.Join(names, ", ")
	}
	return "syntax error: " + strings.Join(names, ", ")
}

// authFailure answers a missing or invalid X-Auth-Token (code 0096; the
// spec does not give the HTTP status). Standard 401; Alternative 403.
func (p Personality) authFailure() outcome {
	if p == Alternative {
		return outcome{"0096", http.StatusForbidden}
	}
	return outcome{"0096", http.StatusUnauthorized}
}

// badCredentials answers Issue Token with an unknown user or wrong password.
// Standard 0010/401; Alternative 0403/403.
func (p Personality) badCredentials() outcome {
	if p == Alternative {
		return outcome{"0403", http.StatusForbidden}
	}
	return outcome{"0010", http.StatusUnauthorized}
}

// unknownAccount answers an accno that names no account.
// Standard 0005/404; Alternative 0404/422.
func (p Personality) unknownAccount() outcome {
	if p == Alternative {
		return outcome{"0404", http.StatusUnprocessableEntity}
	}
	return outcome{"0005", http.StatusNotFound}
}

// accountClosed answers a use of a closed account.
// Standard 0006/409; Alternative 0410/410.
func (p Personality) accountClosed() outcome {
	if p == Alternative {
		return outcome{"0410", http.StatusGone}
	}
	return outcome{"0006", http.StatusConflict}
}

// wrongProgram answers a programCode (or programAccno) other than the
// configured one. Standard 0003/400; Alternative 0001/400 (treated as a
// syntax error naming the field).
func (p Personality) wrongProgram() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0003", http.StatusBadRequest}
}

// wrongAccnoType answers an accnoType other than "00" and "01".
// Standard 0004/400; Alternative 0001/400.
func (p Personality) wrongAccnoType() outcome {
	if p == Alternative {
		return outcome{"0001", http.StatusBadRequest}
	}
	return outcome{"0004", http.StatusBadRequest}
}

// unknownRoute answers a method and path that name no operation.
// Standard 0007/404; Alternative 0044/404.
func (p Personality) unknownRoute() outcome {
	if p == Alternative {
		return outcome{"0044", http.StatusNotFound}
	}
	return outcome{"0007", http.StatusNotFound}
}

// getClosedIsError says whether Get Account Information of a closed account
// is a handled error. Standard false (200, 0000, statusCode CLOSED);
// Alternative true (accountClosed).
func (p Personality) getClosedIsError() bool { return p == Alternative }

// descendingKeys says in which order JSON object keys are written.
// Standard ascending; Alternative descending.
func (p Personality) descendingKeys() bool { return p == Alternative }

// extraFields are added to every response, success or error.
// Standard none; Alternative traceId and serverVersion.
func (p Personality) extraFields() map[string]any {
	if p == Alternative {
		return map[string]any{"traceId": randomHex(16), "serverVersion": "reference-alternative/1.0"}
	}
	return nil
}

// newToken returns a fresh authentication token (S(32768)).
// Standard 64 hex characters; Alternative 200 base64url characters.
func (p Personality) newToken() string {
	if p == Alternative {
		b := make([]byte, 150)
		_, _ = rand.Read(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	return randomHex(32)
}

// newAccno returns a fresh account number (S(255)).
// Standard 12 digits; Alternative "WLT-" and a UUID (40 characters).
func (p Personality) newAccno() string {
	if p == Alternative {
		return "WLT-" + randomUUID()
	}
	return randomDigits(12)
}

// newCustCode returns a fresh customer code (S(10)).
// Standard "C" and 9 digits; Alternative "K" and 7 hex digits, upper case.
func (p Personality) newCustCode() string {
	if p == Alternative {
		return "K" + strings.ToUpper(randomHex(4)[:7])
	}
	return "C" + randomDigits(9)
}

// product returns productCode, accTypeCode and accTypeName of new accounts.
func (p Personality) product() (productCode, accTypeCode, accTypeName string) {
	if p == Alternative {
		return "PRD-W1", "USR", "Wallet user"
	}
	return "EWALLET", "EWU", "E-Wallet User"
}

// balanceLimits returns maximumAllowedBalance and minimumAllowedBalance
// (Dec(18)). Standard 100000 and 0; Alternative 15000 and 0.
func (p Personality) balanceLimits() (maximum, minimum decimal.Decimal) {
	if p == Alternative {
		return decimal.NewFromInt(15000), decimal.Zero
	}
	return decimal.NewFromInt(100000), decimal.Zero
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func randomDigits(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = '0' + b[i]%10
	}
	if b[0] == '0' {
		b[0] = '1' // no leading zero, so the number survives naive parsing
	}
	return string(b)
}

func randomUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
