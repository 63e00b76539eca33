package steps

// NamesWord reports whether text names field as a word of its own (case
// ignored; city is not named by businessCity): how the suite reads "the
// description names the missing field(s)" (A-7), for the scenarios and the
// bad-input sweep alike.
func NamesWord(text, field string) bool { return namesWord(text, field) }

// SameText reports whether an address value read back is the one sent, up
// to case and white space: the spec says an address "is used", and a target
// may normalise how it writes it. The scenarios and the exploration compare
// the addresses read back so.
func SameText(got, sent string) bool { return sameText(got, sent) }
