package steps

// Citation is what a step definition's comparisons rest on, as the rules of
// the catalogue (package rules) name it: the trace from a step of a
// feature to the sentence of the spec that makes its check a check. Every
// registered step definition has one (StepCitations); the test beside this
// file holds the table to the registered steps, the catalogue and the
// scenarios' rule tags.
//
// A step that compares a value of the target's answers cites the rules a
// failure of it rests on (Rules), the advisory rules it only warns about
// (Advises), or, where the value compared is written in the step's text
// ("the response's statusCode is \"CAPTURED\""), the scenario's own rule
// tags (Scenario). A step that only sends a call, or reaches a state with
// calls that must succeed as their operations state, is State.
//
// What every step that reads a response checks before anything else
// (readable: a JSON object labelled application/json, A-1#2; the HTTP
// status A-7 pairs with the responseCode, A-7#12) and what a response
// schema checks (each keyword's x-rule, schemas/rules_test.go) are not
// repeated in every row.
type Citation struct {
	// Rules are the rules a failed comparison of the step rests on: each
	// stated by the spec (normative, profile, or untestable where the
	// step checks what a run can see of it). The step fails the scenario.
	Rules []string
	// Reads are the rules every response of its kind is held to, which the
	// step checks on the calls it reads whatever its scenario judges: an
	// error's shape (A-7#2, A-7#6), avlBal = bkBal - blkAmt at every balance
	// read (B-2.4#2), the scenario's option in a listing read back
	// (A-4.13#4). Stated rules, as Rules, but no scenario need promise them.
	Reads []string
	// Advises are the advisory rules the step checks without failing: it
	// warns (World.advise, and "(advisory)" in its words), or it fails
	// only in scenarios tagged @advisory, which end as a WARNING.
	Advises []string
	// Scenario is set when the value compared is given by the step's text:
	// the rule is the scenario's, named by its rule tags.
	Scenario bool
	// State is set when the step compares nothing: it sends calls, or
	// reaches a state whose calls must succeed as their operations state
	// (a call that does not is judged by that operation's own scenarios).
	State bool
}

// StepCitation is one row of the table: a step definition's pattern, as
// registered with sc.Step, and its citation.
type StepCitation struct {
	Pattern string
	Citation
}

func rests(ids ...string) Citation   { return Citation{Rules: ids} }
func advises(ids ...string) Citation { return Citation{Advises: ids} }

// and adds the advisory rules ids to c.
func (c Citation) and(ids ...string) Citation { c.Advises = append(c.Advises, ids...); return c }

// reading adds the rules ids that c checks of every response it reads.
func (c Citation) reading(ids ...string) Citation { c.Reads = append(c.Reads, ids...); return c }

// reads is the citation of a step whose only checks are those of every
// response of their kind (Reads).
func reads(ids ...string) Citation { return Citation{Reads: ids} }

// byScenario is the citation of a step that compares a value its text
// gives, with the rules it also checks whatever the value (ids).
func byScenario(ids ...string) Citation { return Citation{Rules: ids, Scenario: true} }

var state = Citation{State: true}

// StepCitations lists the citation of every step definition, in the order
// of the domains' registrations.
func StepCitations() []StepCitation {
	return []StepCitation{
		// accountinfo.go. Every balance read checks avlBal = bkBal - blkAmt
		// (balanceOf, B-2.4#2); the minimum a wallet may spend to is read from
		// the account, a decimal there (A-2.4#1's fields).
		{`^the account has been loaded with ([0-9.]+(?:(?:, | and )[0-9.]+)*)(, the last a second later)?$`, rests("B-3#9").reading("B-2.4#2")},
		{`^the partner has an authorized guest payment of ([0-9]+\.[0-9]{2}) to load the account$`, state},
		{`^the partner has a payment of ([0-9]+\.[0-9]{2}) authorized with the stored payment option to load the account$`, state},
		{`^the partner has noted the account's balance$`, reads("B-2.4#2")},
		{`^the booked and available balances have risen by exactly ([0-9]+\.[0-9]{2}) and the blocked amount is unchanged$`, byScenario("B-2.4#2")},
		{`^the booked and available balances have fallen by exactly ([0-9]+\.[0-9]{2}) and the blocked amount is unchanged$`, byScenario("B-2.4#2")},
		{`^the booked balance has fallen by exactly ([0-9]+\.[0-9]{2}), and the ([0-9]+\.[0-9]{2}) not captured is still blocked or released$`, rests("B-4.16#4", "B-2.4#4").reading("B-2.4#2")},
		{`^exactly ([0-9]+\.[0-9]{2}) is blocked: blkAmt up, avlBal down, bkBal unchanged$`, byScenario("B-2.4#2", "B-2.4#4")},
		{`^the balance is unchanged$`, byScenario("B-2.4#2")},
		{`^bkBal is psBal plus the day's deposits$`, rests("B-2.4#2", "B-2.4#3")},
		{`^an entry of ([0-9]+\.[0-9]{2}) appears among the account entries \(advisory\)$`, advises("B-2.3#5")},
		{`^the partner reads the account entries (starting|ending) (yesterday|today|tomorrow)$`, state},
		// The booking it bounds the listing by must be a date and a time
		// (B-2.3#1); a listing with no entry at all blocks the scenario, as
		// only the advisory B-2.3#5 says a load books one.
		{`^the partner reads the account entries (starting|ending) (at|a second after|a second before) the (latest|earliest) booking$`, reads("B-2.3#1")},
		{`^the partner reads every account entry, (neutral|pending) ones included$`, state},
		{`^the response holds exactly the entries its bounds select, and count says as many$`, rests("B-4.12#3", "B-4.12#4", "B-4.12#6", "B-4.12#8", "B-4.12#18")},
		{`^the response holds (\d+) entr(?:y|ies)$`, byScenario()},
		{`^the response's count is the number of the account's entries$`, rests("B-4.12#18")},
		{`^the response holds at most all the account's entries but one$`, rests("B-4.12#10")},
		{`^the returned entries are the most recent ones$`, rests("B-4.12#9", "B-4.12#10", "B-4.12#24")},
		{`^the partner reads a page of (\d+) account entries after skipping (\d+)$`, state},
		{`^the page holds top entries counted after the skipped ones$`, rests("B-4.12#24")},
		// ASC is stated (B-4.12#13, untestable: a run books every entry on one
		// day); DESC is implied, in an @advisory scenario.
		{`^the entries are in (ascending|descending) booking date order$`, rests("B-4.12#13").and("B-4.12#14")},
		{`^no returned entry is pending$`, rests("B-4.12#16")},
		{`^the response holds every entry of the default listing$`, rests("B-4.12#12").and("B-4.12#17")},
		{`^the response holds a pending entry$`, advises("B-4.12#17")},
		{`^the listing is the one with (includeNeutral) set to false$`, rests("B-4.12#11")},
		{`^the partner checks whether (what the account can afford|one cent more than the account can afford) is available$`, reads("B-2.4#2", "A-2.4#1")},
		{`^the answer is exactly (yes|no) as plain text$`, rests("A-1#3", "B-4.11#3", "B-4.11#4")},
		{`^the response names the account's accno$`, rests("B-4.10#3", "B-4.10#5")},

		// accounts.go
		{`^the partner has created an account` + variantPattern + `$`, state},
		{`^the partner has closed the account$`, state},
		{`^the account information shows what was sent, as sent \(advisory\)$`, rests("A-4.4#3").and("A-4.4#4")},
		{`^the account carries every field, absent values as null$`, rests("A-2.4#1", "A-2.4#2")},
		{`^the account information holds (\w+) whole, as sent \(advisory\)$`, rests("A-2.0#1").and("A-4.4#4")},
		{`^the account information holds the country codes in alpha-2 and alpha-3$`, rests("A-2.4#3")},
		{`^the account information holds the business country codes in alpha-2 and alpha-3$`, rests("A-2.4#6")},
		{`^the partner closes an account that does not exist$`, state},
		{`^the partner closes the account asking for its data to be deleted$`, state},
		{`^the partner closes the account naming (the stored payment option|a payment option it does not have) for the payout of its balance$`, state},
		{`^a payout option the account does not have is refused \(advisory\)$`, advises("A-4.5#5").reading("A-7#2", "A-7#6")},
		{`^the account reads CLOSED wherever it may still be read$`, rests("A-3#5").reading("A-7#2")},
		{`^the partner has created another account, which becomes the scenario's account$`, state},
		{`^the culture is refused \(advisory\), or the account information holds a well-formed language tag as its culture$`, rests("A-2.4#7").and("A-2.4#8")},

		// auth.go
		{`^the partner has requested a token$`, state},
		{`^the partner holds a token that has expired$`, state},
		{`^the partner ` + opPattern + ` with the expired token$`, state},
		{`^the partner requests a token with a wrong password$`, state},
		{`^the partner ` + opPattern + ` with its X-Auth-Token with (a character inserted in its middle|a character in its middle changed)$`, state},
		{`^the response carries a token valid until a UTC timestamp with milliseconds$`, rests("A-4.1#3", "A-2.3#2", "A-5#3")},

		// callback.go: the customer's redirect, and the callback it brings.
		{`^the customer (completes|declines) the payment at the provider and is redirected to the merchant$`, rests("A-6#1")},
		{`^the merchant is called back with paymentResult (OK), its merchantTransactionId and the payment's unqiueReference$`, rests("A-6#1", "A-6#2", "A-6#4", "A-6#5")},
		{`^the merchant is called back with (an error description) as paymentResult, its merchantTransactionId and no unqiueReference$`, rests("A-6#1", "A-6#3", "A-6#4", "A-6#6")},

		// consent.go
		{`^the partner has revoked the consent$`, state},
		{`^the consent is confirmed, unless the call was refused as a handled error$`, rests("B-3#19").reading("A-7#2", "A-7#6")},
		{`^the partner has added a consent$`, state},
		{`^the partner uses a consent reference the account does not have$`, state},

		// envelope.go. An echoed field comes back as sent: partnerReference
		// (A-2.1#4), programCode (A-2.1#5), and Get Payment Options'
		// transactionTypeCode, which its response lists (A-4.12#5).
		{`^the response carries the response envelope$`, rests("A-2.1#2")},
		{`^the response echoes the caller's localDate and localTime$`, rests("A-2.1#3")},
		{`^the response echoes (\w+)(?: and (\w+))?$`, rests("A-2.1#4", "A-2.1#5", "A-4.12#5")},
		// The response lines of the operations on an account list accno.
		{`^the response names the account of the call in accno$`, rests("A-4.8#3", "A-4.9#5", "A-4.10#4", "A-4.11#6", "A-4.12#5", "A-4.13#3", "B-4.8#4", "B-4.9#4")},
		{`^the response's (\w+) is a date$`, rests("A-4.5#7", "A-3#6")},
		{`^the response's sysDate and sysTime are the server's current date and time$`, rests("A-2.1#2", "A-2.1#6")},
		{`^the response is a JSON object with Content-Type application/json$`, rests("A-1#2")},

		// merchant.go
		{`^the partner has (an authorized|a captured|a cancelled) wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
		{`^the partner has authorized a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
		{`^the partner has debited ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},
		{`^the partner has (captured|cancelled|refunded) the wallet payment()$`, state},
		{`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the wallet payment$`, state},
		{`^the partner authorizes a wallet payment of ([0-9]+\.[0-9]{2}) to the merchant$`, state},
		{`^the partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},
		{`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the wallet payment$`, state},
		{`^the partner (authorizes a wallet payment to|debits the account for) the merchant named by its external account reference(?: without (\w+))?$`, state},
		{`^the partner (debits|authorizes) one cent more than the account may spend before its minimum allowed balance$`, reads("B-2.4#2", "A-2.4#1")},
		{`^the repeated move is answered as the profile declares$`, rests("B-3#58").reading("A-7#2")},
		{`^the partner has noted the account's balance, which could pay ([0-9]+\.[0-9]{2}) again$`, reads("B-2.4#2", "A-2.4#1")},
		{`^the response names the merchant account as the refund's source and the wallet as accno \(advisory\)$`, advises("B-4.18#8")},
		{`^the partner debits the account for the merchant (\d+) times at once, ([0-9]+\.[0-9]{2}) each$`, state},
		{`^the balances agree to the cent with the debits that succeeded, and each has its entry \(advisory\)$`, rests("B-4.15#10", "B-2.4#2").and("B-2.3#5")},
		{`^as many of the debits succeeded as the money allows$`, advises("A-2.4#4", "B-4.15#11")},

		// operations.go. A success also rests on the operation's own success
		// rule (successRule) and its response schema's x-rule; an error's
		// shape (errorShape) on A-7#2 and the echoes of #3 and #4.
		{`^the partner ` + opPattern + variantPattern + `$`, state},
		{`^the partner ` + opPattern + variantPattern + ` without (\w+)$`, state},
		{`^the partner ` + opPattern + variantPattern + ` without (\w+) and (\w+)$`, state},
		{`^the partner ` + opPattern + variantPattern + ` with (\w+) set to (.+)$`, state},
		{`^the partner ` + opPattern + variantPattern + ` with (\w+) of (\d+) characters$`, state},
		{`^the partner ` + opPattern + ` with a body that is not valid JSON$`, state},
		{`^the partner ` + opPattern + ` without an X-Auth-Token$`, state},
		{`^the partner ` + opPattern + ` with an X-Auth-Token the service did not issue$`, state},
		{`^the call succeeds$`, rests("A-7#12")},
		{`^the call fails as a handled error$`, rests("A-7#2", "A-7#6").reading("A-2.1#3", "A-2.1#4")},
		{`^the call is refused as an invalid value, as a syntax error \(advisory\)$`, rests("A-7#2", "A-7#6").and("A-7#7")},
		// What does not succeed is the scenario's rule (a wrong password,
		// a wrong code); that it is no unexpected error is A-7's.
		{`^the call is not a success$`, byScenario("A-7#2", "A-7#6")},
		{`^the call is rejected as a syntax error$`, rests("A-7#3", "A-7#5", "A-7#2")},
		{`^the call is rejected as a syntax error naming (\w+)(?: and (\w+))?$`, rests("A-7#3", "A-7#4")},
		{`^the call is refused as unauthorized$`, rests("A-5#5").reading("A-7#2")},
		{`^the response's (\w+) is "([^"]*)"$`, byScenario()},

		// partners.go
		{`^the second partner ` + opPattern + `$`, state},
		{`^the second partner debits ([0-9]+\.[0-9]{2}) from the account for the merchant$`, state},

		// paymentoptions.go. A step that reads the stored options back
		// needs the scenario's option among them (A-4.13#4).
		{`^the partner has started adding a payment option` + variantPattern + `$`, state},
		{`^the partner has stored a payment option` + variantPattern + `$`, state},
		{`^the partner has stored a payment option on another account$`, state},
		{`^the listed payment options are the account's own, and only those$`, rests("A-4.13#6")},
		{`^the partner has stored a verified payment option` + variantPattern + `$`, state},
		{`^the partner has stored two payment options$`, state},
		{`^the partner has started verifying the payment option$`, state},
		{`^the partner has deleted the payment option$`, state},
		{`^the partner uses a stored payment option reference the account does not have$`, state},
		{`^the partner has made the (first|second) payment option the default$`, state},
		{`^the partner makes the (first|second) payment option the default$`, state},
		{`^the partner completes adding the payment option with an authorizationToken Init Add did not issue$`, state},
		{`^the partner completes verifying the payment option with a wrong verification code$`, state},
		{`^the payment option is listed among the stored payment options$`, rests("A-4.13#4", "A-2.6#1")},
		{`^the listed payment options include the payment option$`, rests("A-4.13#4")},
		{`^the listed payment options include the payment option \(advisory\)$`, advises("A-4.13#7")},
		{`^the payment option is no longer listed among the stored payment options$`, rests("A-4.10#3")},
		{`^the payment option is still listed among the stored payment options \(advisory\)$`, advises("A-4.10#7")},
		{`^the stored payment option carries (the billing address given|the account owner's address) as its billing address$`, rests("A-4.6#5", "A-4.7#5").reading("A-4.13#4")},
		{`^the (first|second) payment option is the default, and the only one \(advisory\)$`, rests("A-4.11#3").and("A-4.11#4").reading("A-4.13#4")},
		{`^the available payment options include the profile's payment option$`, rests("A-4.12#4")},
		{`^the response carries an? (\w+) of at most (\d+) characters$`, byScenario()},
		{`^the response carries the issuer country in alpha-2 and alpha-3$`, rests("A-4.7#8")},
		{`^the payment option reads VERIFIED \(advisory\)$`, advises("A-2.6#4").reading("A-4.13#4")},
		{`^the stored payment option's carrierNumber is masked$`, rests("A-4.13#4", "A-2.6#6")},
		{`^the call succeeds or fails as a handled error$`, reads("A-7#12", "A-7#2", "A-7#6")},
		{`^the partner (completes verifying the payment option|adds a consent|revokes the consent|debits the account for the merchant) with the (verification code|one-time password) and one (?:digit|character) more$`, state},

		// payments.go
		{`^the partner has (a received guest payment|an authorized guest payment|a captured payment|a cancelled payment|a received payment with the stored payment option|an authorized payment with the stored payment option|a captured payment with the stored payment option)$`, state},
		{`^the partner has (captured|refunded) ([0-9]+\.[0-9]{2}) of the payment$`, state},
		{`^the partner (captures|refunds) ([0-9]+\.[0-9]{2}) of the payment$`, state},
		{`^the payment's status reads (\w+)$`, byScenario()},
		{`^the response's (\w+) is ([0-9]+\.[0-9]{2})$`, byScenario()},
		// The wallet's currency is the one the target declares in its profile.
		{`^the response's (\w+) is the profile's currency$`, rests("B-4.13#3", "B-2.4#1")},
		{`^the payment status agrees with what was authorized$`, rests("B-4.7#4")},
		{`^the payment status shows (the account owner's address|the stored payment option's billing address)$`, rests("B-4.1#11", "B-4.3#6")},
		{`^the response names the stored payment option$`, rests("B-4.1#12")},
		{`^the response carries the amount and currency returned by the acquirer$`, rests("B-3#4")},
		{`^the whole authorized amount is captured \(advisory\)$`, advises("B-4.4#5", "B-4.16#8")},
		{`^the wallet is loaded with the amount the capture answered, the amount captured \(advisory\)$`, rests("B-3#9", "B-2.4#2").and("B-3#23")},
		{`^the booked balance has fallen by the amount captured$`, rests("B-2.4#2", "B-2.4#4", "B-3#52")},
		{`^the repeat is refused, or answered again where the target declares its moves idempotent$`, rests("B-3#16").reading("A-7#2")},
		{`^the cancel is refused and the payment stays CAPTURED \(advisory\), or the payment reads CANCELLED$`, rests("B-3#12").and("B-3#25")},
		{`^the payment's status still reads (\w+) \(advisory\)$`, advises("B-3#25")},
		{`^the refund is refused \(advisory\), as (the refunds together would exceed the captured amount|it exceeds the captured part)$`, advises("B-4.5#5", "B-4.5#6").reading("A-7#2", "A-7#6")},
		{`^the partner refunds the payment taking it from an account that is no target of the payment$`, state},
		{`^the payment's status does not read CAPTURED$`, rests("A-6#7")},
	}
}
