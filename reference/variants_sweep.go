package reference

// sweepVariants take the other side of the choices the bad-input sweep
// leaves open (package explore): the Standard server accepts an amount
// written with an exponent (5E1, 100E-2), an amount with trailing zeros
// beyond its scale (1.000) and text holding control characters, as a
// lenient JSON reader does; these refuse each, as a strict one may. The
// sweep passes both: where the spec does not say whether a value is
// acceptable, any handled answer is.
var sweepVariants = []Variant{
	{
		Name:   "exponent-amounts-refused",
		Clause: "A-2.0",
		Description: "Refuses with 0001 an amount written with an exponent (5E1, 100E-2), which the Standard server reads by value. " +
			"A-2.0 gives \"Dec(p,s) | decimal number, precision p, scale s\" and A-1.2 \"Requests and responses are JSON\": JSON's number grammar allows an exponent, the notation does not say an amount may have one.",
	},
	{
		Name:   "trailing-zeros-refused",
		Clause: "A-2.0",
		Description: "Refuses with 0001 an amount with more decimals than its scale even when they are zeros (1.000 for a Dec(18,2)), which the Standard server reads by value. " +
			"A-2.0 gives \"Dec(p,s) | decimal number, precision p, scale s\": whether the scale bounds the digits written or the value is not said.",
	},
	{
		Name:   "control-characters-refused",
		Clause: "A-2.0",
		Description: "Refuses with 0001 a text holding a control character (U+0000 to U+001F, U+007F to U+009F), which the Standard server keeps as sent. " +
			"A-2.0 gives \"S(n) | string, length as given (treated as maximum)\": which characters a string may hold is not said.",
	},
}
