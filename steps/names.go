package steps

// NamesWord reports whether text names field as a word of its own (case
// ignored; city is not named by businessCity): how the suite reads "the
// description names the missing field(s)" (A-7), for the scenarios and the
// bad-input sweep alike.
func NamesWord(text, field string) bool { return namesWord(text, field) }
