package reference

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
)

// TestViewSnapshot writes every view of the reference (the account, the
// payment option, the stored payment option, the payment status and the
// account entry), for fixed stored data, under each personality and each
// mutant and variant, to the file WALLET_VIEW_SNAPSHOT names; skipped
// without it. Two snapshots, taken before and after a change to the views,
// compare with diff: a change that derives the views from the schemas is
// proven to change no response.
func TestViewSnapshot(t *testing.T) {
	path := os.Getenv("WALLET_VIEW_SNAPSHOT")
	if path == "" {
		t.Skip("WALLET_VIEW_SNAPSHOT names no file")
	}
	at := time.Date(2026, 3, 14, 10, 20, 30, 0, time.UTC)
	full := account{
		accno: "100200300", custCode: "C1", productCode: "P1", accTypeCode: "T1", accTypeName: "Wallet",
		currCode: "EUR", statusCode: statusActive, twoFAStatusCode: twoFADisabled, accFlowStatusCode: flowApproved,
		validFrom: "2026-03-14", creationDate: "2026-03-14",
		data: map[string]any{
			"externalAccountReference": "EXT-1", "title": "Mr", "lastName": "Muster", "firstName": "Max",
			"addr1": "Marktplatz", "addr2": "b", "addr3": "c", "houseNumber": "3", "city": "Muenster", "state": "NRW",
			"countryCode": "DEU", "postCode": "48143", "dob": "1980-01-02", "landlinePhone": "1", "mobilePhone": "2",
			"emailAddress": "a@b.de", "loginID": "max", "culture": "de-DE", "timeZone": "Europe/Berlin",
			"useDifferentCorrespondenceAddress": true, "correspondenceAddr1": "x", "correspondenceAddr2": "y",
			"correspondenceAddr3": "z", "correspondenceHouseNumber": "4", "correspondenceCity": "Koeln",
			"correspondenceState": "NRW", "correspondencePostCode": "50667", "correspondenceCountryCode": "DE",
			"nationality": "DEU", "taxId": "12-34", "isBusinessUser": true, "businessCompanyName": "ACME",
			"businessCompanyType": "GmbH", "businessCompanyRegistrationNumber": "HRB1",
			"businessCompanyRegistrationCountryCode": "DE", "businessAddr1": "q", "businessAddr2": "r",
			"businessAddr3": "s", "businessHouseNumber": "5", "businessCity": "Bonn", "businessPostCode": "53111",
			"businessCountryCode": "AUT", "businessUrl": "https://acme.example", "userAgreementReference": "UA1",
		},
	}
	sparse := account{accno: "100200301", currCode: "EUR", statusCode: statusClosed, data: map[string]any{"lastName": "X", "countryCode": "DE"}}
	billing := map[string]any{"fullName": "Max Muster", "addr1": "a", "addr2": nil, "city": "c", "state": nil, "countryName": "Germany", "countryCode": "DE", "postCode": "1"}
	opt := paymentOption{name: "Visa", code: "VISA", group: "Cards", groupCode: "CC", subGroup: "Visa", subGroupCode: "V", storable: true, iconURL: "https://x/v.png"}
	card := storedOption{reference: "R1", option: opt, carrierNumber: "4111********1111", expiryYear: 2027, expiryMonth: 3, validUntilDate: "2027-03-31", statusCode: "UNVERIFIED", isDefault: true, billing: billing}
	bank := card
	bank.reference, bank.bankCode, bank.carrierNumber = "R2", "BANK", "DE89****"
	pay := &payment{
		reference: "U1", status: "CAPTURED", accno: "100200300", initiatorAccno: "9", initiatorName: "Shop",
		amount: decimal.RequireFromString("10.50"), currCode: "EUR", usage: "  order   1 ", captured: decimal.RequireFromString("5"),
		billing: billingAddress{fullName: "Max  Muster", addr1: "a", addr2: nil, addr3: nil, houseNumber: "3", city: "c", state: nil, countryCode: "AUT", postCode: "1"},
	}
	guest := &payment{reference: "U2", status: "INITIATED", amount: decimal.RequireFromString("1"), currCode: "EUR",
		billing: billingAddress{countryCode: "DE"}}
	ent := entry{at: at, indicator: "CRDT", amount: decimal.RequireFromString("10.5"), balance: decimal.RequireFromString("20"), currCode: "EUR", description: "d", name: "n", reference: "U1", optionCode: "VISA"}
	bare := entry{at: at, pending: true, indicator: "DBIT", amount: decimal.RequireFromString("1"), currCode: "EUR"}

	out := map[string]any{}
	cases := []Config{{}}
	for _, m := range Mutants() {
		cases = append(cases, Config{Mutant: m.Name})
	}
	for _, v := range Variants() {
		cases = append(cases, Config{Variants: []string{v.Name}})
	}
	for _, p := range []Personality{Standard, Alternative} {
		for _, cfg := range cases {
			h := &handler{cfg: cfg, p: p}
			key := fmt.Sprintf("%d/%s/%v", p, cfg.Mutant, cfg.Variants)
			out[key] = map[string]any{
				"account":       h.accountView(full.clone()),
				"accountSparse": h.accountView(sparse.clone()),
				"option":        h.paymentOptionView(opt),
				"stored":        h.storedOptionView(card.clone()),
				"storedBank":    h.storedOptionView(bank.clone()),
				"status":        h.paymentStatusView(pay),
				"statusGuest":   h.paymentStatusView(guest),
				"entry":         h.entryView(ent),
				"entryBare":     h.entryView(bare),
			}
		}
	}
	data, err := json.MarshalIndent(out, "", " ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
}
